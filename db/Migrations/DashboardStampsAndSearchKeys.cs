using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>014: a stamp per prison that moves with every change its dashboard shows; search keys by number and name.</summary>
[DbContext(typeof(PrisonDb))]
[Migration("014_dashboard_stamps_and_search_keys")]
public sealed class DashboardStampsAndSearchKeys : ScriptMigration;
