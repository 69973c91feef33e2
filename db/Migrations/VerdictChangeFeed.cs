using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>034: each verdict change keeps its transaction, for the API's feed that never passes an uncommitted one.</summary>
[DbContext(typeof(PrisonDb))]
[Migration("034_verdict_change_feed")]
public sealed class VerdictChangeFeed : ScriptMigration;
