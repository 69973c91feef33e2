using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>002: full re-evaluation runs and their batches.</summary>
[DbContext(typeof(PrisonDb))]
[Migration("002_reevaluation_runs")]
public sealed class ReevaluationRuns : ScriptMigration;
