using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Prison.Runtime.Evaluation;

namespace Prison.Worker.Import;

/// <summary>
/// Evaluates the prisoners an import batch changed, with the worker's own evaluation, as soon as the batch has
/// committed and before its changes are published: a day of custody files brings thousands of arrivals at once, and
/// left to the queue the last of them would wait behind all the others, shown Unknown, for as long as the worker takes
/// over the whole day. The changes are still published; the worker finds their verdicts stored and has nothing to
/// write. What this cannot store (a rule that throws, the database gone) is left to the worker, which the published
/// change reaches as any other.
/// </summary>
public sealed class ImportedBatchEvaluation(IServiceScopeFactory scopes, ILogger<ImportedBatchEvaluation> logger)
{
    public async Task EvaluateAsync(IReadOnlyCollection<Guid> prisonerIds, CancellationToken cancellationToken)
    {
        if (prisonerIds.Count == 0)
        {
            return;
        }

        await using var scope = scopes.CreateAsyncScope();
        try
        {
            await scope.ServiceProvider.GetRequiredService<PrisonerReevaluation>().ReevaluateAsync(prisonerIds, cancellationToken);
        }
        catch (Exception error) when (error is not OperationCanceledException)
        {
            logger.LogWarning(error, "The verdicts of {Count} imported prisoner(s) were not all stored by the import; the worker evaluates them from their published changes.", prisonerIds.Count);
        }
    }
}
