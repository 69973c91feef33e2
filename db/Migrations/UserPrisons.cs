using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>018: the prisons each user works in, or all of them.</summary>
[DbContext(typeof(PrisonDb))]
[Migration("018_user_prisons")]
public sealed class UserPrisons : ScriptMigration;
