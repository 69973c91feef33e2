using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>005: sign-in: Identity's users, roles and their links, and the three roles.</summary>
[DbContext(typeof(PrisonDb))]
[Migration("005_staff_sign_in")]
public sealed class StaffSignIn : ScriptMigration;
