using Hangfire;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using Prison.Db;
using Prison.Db.Events;
using Prison.Db.Reads;
using Prison.Db.Runs;
using Prison.Runtime.Jobs;
using Prison.Runtime.Messaging;
using Prison.ServiceDefaults;
using Prison.ServiceDefaults.Telemetry;

namespace Prison.Runtime.Telemetry;

/// <summary>
/// Reads what the gauges report every <see cref="TelemetrySettings.SampleInterval"/>, not at each scrape: the cost on
/// the database and the broker stays the same however many scrapers ask, and a scrape never waits on them. A part
/// that cannot be read (the broker down) is left out of that reading, and the others are still reported.
/// </summary>
public sealed class PrisonSampler(
    IServiceScopeFactory scopes, PrisonMetrics metrics, PrisonSettings settings, JobStorage jobs, TimeProvider clock, ILogger<PrisonSampler> logger)
    : BackgroundService
{
    protected override async Task ExecuteAsync(CancellationToken stoppingToken)
    {
        using var timer = new PeriodicTimer(TelemetrySettings.SampleInterval, clock);
        do
        {
            metrics.Sample = await ReadAsync(stoppingToken);
        }
        while (await timer.WaitForNextTickAsync(stoppingToken));
    }

    public async Task<PrisonSample> ReadAsync(CancellationToken cancellationToken)
    {
        var now = clock.GetUtcNow().UtcDateTime;
        var backlog = await TryAsync("the Unknown prisoners", async () =>
        {
            await using var scope = scopes.CreateAsyncScope();
            return await scope.ServiceProvider.GetRequiredService<PrisonDb>().BacklogAsync(now, cancellationToken);
        });
        var run = await TryAsync("the current run", async () =>
        {
            await using var scope = scopes.CreateAsyncScope();
            return await scope.ServiceProvider.GetRequiredService<PrisonDb>().CurrentRunAsync(cancellationToken);
        });
        var outbox = await TryAsync("the events outbox", async () =>
        {
            await using var scope = scopes.CreateAsyncScope();
            return await scope.ServiceProvider.GetRequiredService<PrisonDb>().OutboxBacklogAsync(cancellationToken);
        });
        var queues = await TryAsync("the error queues", () => ErrorQueues.CountAsync(settings, cancellationToken));
        var jobStates = await TryAsync("the scheduled jobs", () => Task.FromResult<IReadOnlyList<JobState>?>(JobOverview.Read(jobs)));
        return new PrisonSample(
            backlog?.Unknown,
            backlog is null ? null : backlog.OldestUnknownSinceUtc is { } oldest ? Math.Max(0, (now - oldest).TotalSeconds) : 0,
            backlog?.Due,
            queues,
            run is null ? null : new RunSample(run.Total, run.Done, run.Failed),
            jobStates?.Select(job => new JobSample(job.Name, job.LastSucceeded, job.LastRunUtc?.ToUnixTimeMilliseconds() / 1000.0, job.Failures)).ToList(),
            outbox?.Waiting,
            outbox is null ? null : outbox.OldestOccurredAtUtc is { } oldestEvent ? Math.Max(0, (now - oldestEvent).TotalSeconds) : 0);
    }

    private async Task<T?> TryAsync<T>(string what, Func<Task<T?>> read)
    {
        try
        {
            return await read();
        }
        catch (Exception error) when (error is not OperationCanceledException)
        {
            logger.LogDebug(error, "Metrics: could not read {What}; left out of this reading.", what);
            return default;
        }
    }
}
