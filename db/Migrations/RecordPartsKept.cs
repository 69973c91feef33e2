using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>010: which collections of each prisoner's record hold entries, kept by triggers on the prisoner's row.</summary>
[DbContext(typeof(PrisonDb))]
[Migration("010_record_parts")]
public sealed class RecordPartsKept : ScriptMigration;
