using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>037: a change of a prison's Dangerous count is kept for the day its writer stamped, not the database clock's.</summary>
[DbContext(typeof(PrisonDb))]
[Migration("037_dangerous_days_follow_the_writers_clock")]
public sealed class DangerousDaysFollowTheWritersClock : ScriptMigration;
