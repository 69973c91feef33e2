using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>021: the time step of each user's last accepted authenticator code, so that a code signs in once.</summary>
[DbContext(typeof(PrisonDb))]
[Migration("021_authenticator_time_step")]
public sealed class AuthenticatorTimeStep : ScriptMigration;
