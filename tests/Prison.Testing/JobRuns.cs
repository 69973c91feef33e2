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

    /// <summary>
    /// How many prisoners the due-time job's runs that succeeded after <paramref name="sinceUtc"/> re-evaluated in all:
    /// after a test moved the clock, the run it fired or the scheduled one (every minute), when that came first under
    /// load and left the fired run nothing to do.
    /// </summary>
    public static int ReevaluatedSince(JobStorage storage, Type job, DateTime sinceUtc)
    {
        var monitoring = storage.GetMonitoringApi();
        return monitoring.SucceededJobs(0, (int)monitoring.SucceededListCount())
            .Where(run => run.Value.SucceededAt > sinceUtc && run.Value.Job?.Type == job)
            .Select(run => System.Text.Json.JsonSerializer.Deserialize<string>(run.Value.Result?.ToString() ?? "null") ?? "")
            .Sum(result => System.Text.RegularExpressions.Regex.Match(result, @"^(\d+) re-evaluated$") is { Success: true } count
                ? int.Parse(count.Groups[1].Value, System.Globalization.CultureInfo.InvariantCulture)
                : throw new InvalidOperationException($"A run of {job.Name} returned '{result}', not 'N re-evaluated'."));
    }

    /// <summary>The states as a timeout's message shows them.</summary>
    private sealed record Seen(IReadOnlyList<StateHistoryDto> States)
    {
        public override string ToString() =>
            string.Join(" > ", States.Select(s => $"{s.StateName} ({s.Reason}{(s.Data.TryGetValue("ExceptionMessage", out var message) ? $": {message}" : "")})"));
    }
}
