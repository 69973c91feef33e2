using Microsoft.Extensions.Logging;
using Prison.Db;
using Prison.Runtime.Evaluation;

namespace Prison.Worker.Import;

/// <summary>
/// Evaluates the prisoners an import batch changed, with the worker's own evaluation, in the batch's transaction: a
/// day of custody files brings thousands of arrivals at once, and left to the queue the last of them would be shown
/// Unknown for as long as the worker takes over the whole day. A batch commits its changes and their verdicts
/// together, so no page ever shows an imported change Unknown. The changes are still published; the worker finds
/// their verdicts stored and has nothing to write. A prisoner the rules throw for is left Unknown for the worker, which
/// its published change reaches as any other.
/// </summary>
public sealed class ImportedBatchEvaluation(CurrentRules rules, TimeProvider clock, ILogger<ImportedBatchEvaluation> logger)
{
    public async Task EvaluateAsync(PrisonDb db, IReadOnlyCollection<Guid> prisonerIds, CancellationToken cancellationToken)
    {
        if (prisonerIds.Count == 0)
        {
            return;
        }

        try
        {
            await new PrisonerReevaluation(db, rules, clock).ReevaluateAsync(prisonerIds, cancellationToken);
        }
        catch (EvaluationFailedException error)
        {
            logger.LogWarning(error, "The rules failed for {Count} imported prisoner(s): they stay Unknown until the worker evaluates their published changes.", error.Failures.Count);
        }
    }
}
