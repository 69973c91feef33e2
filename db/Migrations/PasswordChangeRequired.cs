using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>020: whether a user must change a password someone else set before anything else.</summary>
[DbContext(typeof(PrisonDb))]
[Migration("020_must_change_password")]
public sealed class PasswordChangeRequired : ScriptMigration;
