using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>009: each prison's counts of current prisoners by danger status, kept by triggers at write time.</summary>
[DbContext(typeof(PrisonDb))]
[Migration("009_prison_status_counts")]
public sealed class PrisonStatusCounts : ScriptMigration;
