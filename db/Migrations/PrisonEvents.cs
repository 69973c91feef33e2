using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>035: the outbox of events out, written by triggers in the transaction of each verdict change and each stay that starts or stops.</summary>
[DbContext(typeof(PrisonDb))]
[Migration("035_prison_events")]
public sealed class PrisonEvents : ScriptMigration;
