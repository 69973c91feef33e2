using System.Collections.Concurrent;
using Prison.Db;
using Prison.Db.Runs;
using Prison.Domain;
using Prison.Domain.Evaluation;
using Prison.Domain.Messages;
using Prison.Runtime.Jobs;

namespace Prison.Web.Pages.Admin.Rules;

/// <summary>
/// Runs enable previews in this web process, in the background, in the keyset batches of a re-evaluation run (loaded
/// the same fixed number of statements per batch), and keeps their progress in memory for the page to poll. A
/// preview is advice read once by the admin who asked: losing one to a restart only means asking again, so it needs
/// neither a queue nor a table.
/// </summary>
public sealed class EnablePreviews(
    IServiceScopeFactory scopes, PrisonCalendar calendar, TimeProvider clock, JobSettings settings,
    IHostApplicationLifetime lifetime, ILogger<EnablePreviews> logger)
{
    private static readonly TimeSpan KeptFor = TimeSpan.FromHours(1);
    private readonly ConcurrentDictionary<Guid, (EnablePreview Preview, DateTime StartedAtUtc)> _previews = new();

    public EnablePreview Start(DangerRule rule, string reason)
    {
        var now = clock.GetUtcNow().UtcDateTime;
        foreach (var old in _previews.Where(p => now - p.Value.StartedAtUtc > KeptFor))
        {
            _previews.TryRemove(old.Key, out _);
        }

        var preview = new EnablePreview(rule.Code, reason);
        _previews[preview.Id] = (preview, now);
        _ = Task.Run(() => RunAsync(preview, rule, lifetime.ApplicationStopping));
        return preview;
    }

    public EnablePreview? Find(Guid id) => _previews.TryGetValue(id, out var found) ? found.Preview : null;

    private async Task RunAsync(EnablePreview preview, DangerRule rule, CancellationToken cancellationToken)
    {
        try
        {
            await using var scope = scopes.CreateAsyncScope();
            var db = scope.ServiceProvider.GetRequiredService<PrisonDb>();
            var today = calendar.Today(clock.GetUtcNow().UtcDateTime);
            var ends = await db.BatchEndsAsync(RunScope.All, settings.BatchSize, cancellationToken);
            preview.Started(ends.Count == 0 ? 0 : (int)ends[0].Total);
            for (var i = 0; i < ends.Count; i++)
            {
                var prisoners = await db.LoadBatchAsync(new ReevaluateRange(Guid.Empty, i, i == 0 ? null : ends[i - 1].Id, ends[i].Id), cancellationToken);

                // Only a stored Not dangerous can become Dangerous; an Unknown prisoner is being evaluated anyway.
                var flipped = prisoners.Count(p => p.DangerStatus == DangerStatus.NotDangerous && rule.Evaluate(p, today).Fired);
                preview.Evaluated(prisoners.Count, flipped);
            }

            preview.Finish();
        }
        catch (Exception error) when (error is not OperationCanceledException)
        {
            logger.LogError(error, "The preview of enabling {Code} failed.", rule.Code);
            preview.Finish($"The preview failed: {error.GetBaseException().Message}");
        }
    }
}
