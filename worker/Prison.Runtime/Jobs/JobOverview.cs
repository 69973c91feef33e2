using System.Text.Json;
using Hangfire;
using Hangfire.Storage;

namespace Prison.Runtime.Jobs;

/// <summary>
/// The scheduled jobs as Hangfire's own storage holds them: the next and last runs of each recurring job, where
/// its last run is (Hangfire keeps every run's states, its result and its failure), and its failed runs.
/// </summary>
public static class JobOverview
{
    /// <summary>Failed runs are counted among this many of the newest: Hangfire keeps them until someone retries or deletes them.</summary>
    public const int FailedRunsCounted = 500;

    private static readonly Dictionary<Type, string> NamesByType = new()
    {
        [typeof(DueReevaluationJob)] = DueReevaluationJob.Name,
        [typeof(NightlyReevaluationJob)] = NightlyReevaluationJob.Name,
        [typeof(UnknownSweeperJob)] = UnknownSweeperJob.Name,
    };

    /// <returns>The jobs registered so far (a worker registers them when it starts), in name order.</returns>
    public static IReadOnlyList<JobState> Read(JobStorage storage)
    {
        var failures = FailedRuns(storage).CountBy(run => run.Job).ToDictionary();
        using var connection = storage.GetConnection();
        return
        [
            .. connection.GetRecurringJobs(PrisonSchedule.Names)
                .Where(job => !job.Removed)
                .Select(job =>
                {
                    var (outcome, succeeded) = Outcome(job.LastJobId is { } id ? connection.GetStateData(id) : null, job.Error);
                    return new JobState(job.Id, Utc(job.NextExecution), Utc(job.LastExecution), outcome, succeeded, failures.GetValueOrDefault(job.Id));
                })
                .OrderBy(job => job.Name, StringComparer.Ordinal),
        ];
    }

    /// <summary>The failed runs among the newest <see cref="FailedRunsCounted"/>, each with its job's name.</summary>
    public static IEnumerable<(string Id, string Job)> FailedRuns(JobStorage storage) =>
        storage.GetMonitoringApi().FailedJobs(0, FailedRunsCounted)
            .Select(failed => (failed.Key, Job: failed.Value?.Job?.Type is { } type && NamesByType.TryGetValue(type, out var name) ? name : null))
            .Where(run => run.Job is not null)
            .Select(run => (run.Key, run.Job!));

    private static (string Outcome, bool? Succeeded) Outcome(StateData? last, string? schedulingError)
    {
        // Hangfire's state names (SucceededState.StateName and the others, which are not constants).
        var (outcome, succeeded) = last?.Name switch
        {
            null => ("not run yet", (bool?)null),
            "Succeeded" => (last.Data.TryGetValue("Result", out var result) ? $"succeeded: {Text(result)}" : "succeeded", true),
            "Failed" => ($"failed after its retries: {(last.Data.TryGetValue("ExceptionMessage", out var message) ? message : last.Reason)}", false),
            // Runs are enqueued at once: a scheduled one is waiting for its next attempt ("Retry attempt 1 of 2: ...").
            "Scheduled" => ($"failed, to be tried again: {last.Reason}", false),
            "Processing" => ("running", null),
            "Enqueued" => ("waiting for a worker", null),
            "Deleted" => ("deleted", null),
            var other => (other, null),
        };
        return (schedulingError is null ? outcome : $"{outcome}; Hangfire could not schedule it: {schedulingError.Split('\n')[0].Trim()}", succeeded);
    }

    /// <summary>Hangfire keeps a run's result as JSON; the jobs return a sentence.</summary>
    private static string Text(string json)
    {
        try
        {
            return JsonSerializer.Deserialize<string>(json) ?? json;
        }
        catch (JsonException)
        {
            return json;
        }
    }

    private static DateTimeOffset? Utc(DateTime? instant) =>
        instant is { } value ? new DateTimeOffset(DateTime.SpecifyKind(value, DateTimeKind.Utc)) : null;
}
