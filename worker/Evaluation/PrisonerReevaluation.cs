using Prison.Db;
using Prison.Db.Reads;
using Prison.Db.Writes;
using Prison.Domain.Evaluation;

namespace Prison.Worker.Evaluation;

/// <summary>
/// Evaluates prisoners and stores their verdicts: a fixed number of statements to load any number of them,
/// the rules in memory, and one guarded statement to write every verdict.
/// </summary>
public sealed class PrisonerReevaluation(PrisonDb db, DangerEvaluator evaluator, TimeProvider clock)
{
    public RuleSet RuleSet => evaluator.RuleSet;

    /// <summary>Returns how many verdicts were stored (a prisoner changed meanwhile keeps its newer state).</summary>
    public async Task<int> ReevaluateAsync(IReadOnlyCollection<Guid> prisonerIds, CancellationToken cancellationToken)
    {
        var prisoners = await db.LoadForEvaluationAsync(prisonerIds, cancellationToken);
        return await WriteAsync(prisoners, cancellationToken);
    }

    public async Task<int> WriteAsync(IEnumerable<Domain.Prisoner> prisoners, CancellationToken cancellationToken)
    {
        var now = clock.GetUtcNow().UtcDateTime;
        var verdicts = prisoners.Select(p => new EvaluatedPrisoner(p.Id, p.ChangeVersion, evaluator.Evaluate(p, now))).ToList();
        return await db.WriteVerdictsAsync(verdicts, cancellationToken);
    }
}
