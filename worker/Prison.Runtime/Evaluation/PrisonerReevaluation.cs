using Prison.Db;
using Prison.Db.History;
using Prison.Db.Reads;
using Prison.Db.Writes;
using Prison.Domain.Evaluation;
using Prison.ServiceDefaults.Telemetry;

namespace Prison.Runtime.Evaluation;

/// <summary>
/// Evaluates prisoners and stores their verdicts: a fixed number of statements to load any number of them,
/// the rules in memory, and one guarded statement to write every verdict. Each verdict says what caused it, read from
/// the prisoner as loaded (a record change, a new rule set, a window closed), so that whoever asks for the evaluation,
/// a consumer, the due-time job, a run or `verify --fix`, the history names the same cause for the same state.
/// </summary>
public sealed class PrisonerReevaluation(PrisonDb db, CurrentRules rules, TimeProvider clock, PrisonMetrics? metrics = null)
{
    public RuleSet RuleSet => rules.RuleSet;

    /// <summary>Returns how many verdicts were stored (a prisoner changed meanwhile keeps its newer state).</summary>
    public async Task<int> ReevaluateAsync(IReadOnlyCollection<Guid> prisonerIds, CancellationToken cancellationToken)
    {
        var prisoners = await db.LoadPrisonersAsync(prisonerIds, Tracking.Untracked, cancellationToken);
        return await WriteAsync(prisoners, cancellationToken);
    }

    /// <summary>
    /// The write refuses verdicts of a rule set no longer in force: when it stored less than it was given, this
    /// process may hold a stale rule set, so it reads the one in force and, if another, evaluates again with it.
    /// A prisoner for whom the rules throw does not stop the others: their verdicts are stored first, then
    /// <see cref="EvaluationFailedException"/> names the failed ones.
    /// </summary>
    public async Task<int> WriteAsync(IEnumerable<Domain.Prisoner> prisoners, CancellationToken cancellationToken)
    {
        var evaluating = prisoners.ToList();
        var evaluator = rules.Evaluator;
        var (stored, failures) = await WriteWithAsync(evaluator, evaluating, cancellationToken);
        if (stored < evaluating.Count - failures.Count && await rules.RefreshIfStaleAsync(db, evaluator.RuleSet.Id, cancellationToken))
        {
            (stored, failures) = await WriteWithAsync(rules.Evaluator, evaluating, cancellationToken);
        }

        return failures.Count == 0 ? stored : throw new EvaluationFailedException(failures);
    }

    private async Task<(int Stored, List<(Guid, Exception)> Failures)> WriteWithAsync(
        DangerEvaluator evaluator, IReadOnlyList<Domain.Prisoner> prisoners, CancellationToken cancellationToken)
    {
        var now = clock.GetUtcNow().UtcDateTime;
        var verdicts = new List<EvaluatedPrisoner>(prisoners.Count);
        var failures = new List<(Guid, Exception)>();
        foreach (var prisoner in prisoners)
        {
            try
            {
                verdicts.Add(new EvaluatedPrisoner(
                    prisoner.Id, prisoner.ChangeVersion, evaluator.Evaluate(prisoner, now), VerdictCause.OfReevaluation(prisoner, evaluator.RuleSet.Id, now)));
            }
            catch (Exception error)
            {
                failures.Add((prisoner.Id, error));
            }
        }

        using var activity = PrisonTelemetry.Source.StartActivity("write verdicts");
        activity?.SetTag("prison.verdicts", verdicts.Count);
        var stored = await db.WriteVerdictsAsync(verdicts, cancellationToken);
        activity?.SetTag("prison.verdicts_stored", stored);
        metrics?.VerdictsWritten(stored);
        return (stored, failures);
    }
}
