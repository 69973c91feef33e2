using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>016: every signed-in session, so that it can be ended on the server.</summary>
[DbContext(typeof(PrisonDb))]
[Migration("016_staff_sessions")]
public sealed class ServerSideSessions : ScriptMigration;
