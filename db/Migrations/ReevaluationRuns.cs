using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>003: full re-evaluation runs and their batches.</summary>
[DbContext(typeof(PrisonDb))]
[Migration("003_reevaluation_runs")]
public sealed class ReevaluationRuns : ScriptMigration;
