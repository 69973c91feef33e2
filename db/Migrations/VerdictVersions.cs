using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>011: each verdict records the version it was computed for, and the database clears it when the version moves.</summary>
[DbContext(typeof(PrisonDb))]
[Migration("011_verdict_version")]
public sealed class VerdictVersions : ScriptMigration;
