using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>024: each verdict carries its forecast, stored, cleared and refused with it.</summary>
[DbContext(typeof(PrisonDb))]
[Migration("024_verdict_forecast")]
public sealed class VerdictForecasts : ScriptMigration;
