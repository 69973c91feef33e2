using Hangfire;
using Hangfire.Storage;
using Hangfire.Storage.Monitoring;
using Microsoft.Extensions.DependencyInjection;

namespace Prison.Testing;

/// <summary>Runs of the scheduled jobs as Hangfire's own storage records them: each run's states, oldest first.</summary>
public static class JobRuns
{
    /// <summary>Fires a scheduled job now, as a worker does when asked; returns the run's id.</summary>
    public static string Fire(IServiceProvider services, string job) =>
        services.GetRequiredService<IRecurringJobManagerV2>().TriggerJob(job) ?? throw new InvalidOperationException($"{job} is not registered.");

    /// <summary>The id of the scheduled job's last run, or null before its first.</summary>
    public static string? Last(JobStorage storage, string job)
    {
        using var connection = storage.GetConnection();
        return connection.GetRecurringJobs([job]).Single().LastJobId;
    }

    /// <summary>
    /// Waits for the scheduled job's last run to be another than <paramref name="before"/> (what <see cref="Last"/> said
    /// before the job was asked for, by message, from the command line or a page) and returns its id.
    /// </summary>
    public static async Task<string> NextAsync(JobStorage storage, string job, string? before) =>
        (await Eventually.Async(
            () => Task.FromResult(Last(storage, job)),
            last => last is not null && last != before,
            $"a worker to fire {job}",
            TimeSpan.FromSeconds(30)))!;

    public static IReadOnlyList<StateHistoryDto> States(JobStorage storage, string runId) =>
        [.. Enumerable.Reverse(storage.GetMonitoringApi().JobDetails(runId)?.History ?? [])];

    /// <summary>Waits until the run has succeeded, or failed after its retries; returns its states.</summary>
    public static async Task<IReadOnlyList<StateHistoryDto>> FinishedAsync(JobStorage storage, string runId, TimeSpan? within = null) =>
        (await Eventually.Async(
            () => Task.FromResult(new Seen(States(storage, runId))),
            seen => seen.States.Count > 0 && seen.States[^1].StateName is "Succeeded" or "Failed",
            $"run {runId} to finish",
            within)).States;

    /// <summary>The Hangfire servers that took the run, in order (a server id starts with its host's name and process id).</summary>
    public static IReadOnlyList<string> TakenBy(IEnumerable<StateHistoryDto> states) =>
        [.. states.Where(s => s.StateName == "Processing").Select(s => s.Data["ServerId"])];

    /// <summary>What the job returned, as Hangfire keeps it (JSON), when it succeeded.</summary>
    public static string? Result(IEnumerable<StateHistoryDto> states) =>
        states.LastOrDefault(s => s.StateName == "Succeeded") is { } succeeded && succeeded.Data.TryGetValue("Result", out var json)
            ? System.Text.Json.JsonSerializer.Deserialize<string>(json)
            : null;

    /// <summary>The states as a timeout's message shows them.</summary>
    private sealed record Seen(IReadOnlyList<StateHistoryDto> States)
    {
        public override string ToString() =>
            string.Join(" > ", States.Select(s => $"{s.StateName} ({s.Reason}{(s.Data.TryGetValue("ExceptionMessage", out var message) ? $": {message}" : "")})"));
    }
}
