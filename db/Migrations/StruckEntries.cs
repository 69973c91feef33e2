using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>004: entries made in error are struck out (who, when, why), not deleted.</summary>
[DbContext(typeof(PrisonDb))]
[Migration("004_struck_entries")]
public sealed class StruckEntries : ScriptMigration;
