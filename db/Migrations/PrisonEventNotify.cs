using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>043: a statement that writes to the outbox notifies the relay, at its commit, on PostgreSQL.</summary>
[DbContext(typeof(PrisonDb))]
[Migration("043_prison_event_notify")]
public sealed class PrisonEventNotify : ScriptMigration;
