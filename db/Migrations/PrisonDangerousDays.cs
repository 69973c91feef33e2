using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>025: each prison's Dangerous count day by day, kept at write time by the triggers that keep its counts.</summary>
[DbContext(typeof(PrisonDb))]
[Migration("025_prison_dangerous_days")]
public sealed class PrisonDangerousDays : ScriptMigration;
