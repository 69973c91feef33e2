using MassTransit;
using Prison.Db;
using Prison.Db.Runs;
using Prison.Domain.Messages;
using Prison.Runtime.Evaluation;
using Prison.Runtime.Jobs;

namespace Prison.Runtime.Runs;

/// <summary>
/// Starts re-evaluation runs: the nightly job, the command line and the operations page all come here. A run is a
/// row with its totals, cut into keyset batches published as messages that every worker consumes. One run at a time:
/// a request while one goes on joins it.
/// </summary>
public sealed class ReevaluationRuns(PrisonDb db, IPublishEndpoint publisher, CurrentRules rules, JobSettings settings, TimeProvider clock)
{
    public async Task<RunStart> StartAsync(string startedBy, RunScope scope, CancellationToken cancellationToken)
    {
        if (await db.CurrentRunAsync(cancellationToken) is { } current)
        {
            return new RunStart(current, Joined: true);
        }

        var ends = await db.BatchEndsAsync(scope, settings.BatchSize, cancellationToken);
        var now = clock.GetUtcNow().UtcDateTime;
        var empty = ends.Count == 0;
        var run = new ReevaluationRun
        {
            StartedBy = startedBy,
            Scope = scope.Description,
            RuleSet = rules.RuleSet.Id,
            Total = empty ? 0 : (int)ends[0].Total,
            Batches = ends.Count,
            StartedAtUtc = now,
            FinishedAtUtc = empty ? now : null,
            IsCurrent = empty ? null : true,
        };
        if (!await db.TryStartRunAsync(run, cancellationToken))
        {
            return new RunStart(await db.CurrentRunAsync(cancellationToken) ?? run, Joined: true);
        }

        try
        {
            await publisher.PublishBatch(
                ends.Select((end, i) => new ReevaluateRange(run.Id, i, i == 0 ? null : ends[i - 1].Id, end.Id, scope.PrisonId, scope.PrisonerId)),
                cancellationToken);
        }
        catch
        {
            // Batches that were never sent would keep the run current for ever, blocking every later run.
            await db.AbandonRunAsync(run.Id, clock.GetUtcNow().UtcDateTime, CancellationToken.None);
            throw;
        }

        return new RunStart(run, Joined: false);
    }
}
