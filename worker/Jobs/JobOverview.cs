using Quartz;
using Quartz.Extensibility;

namespace Prison.Worker.Jobs;

/// <summary>The scheduled jobs with their next firing and, from Quartz's execution history, how their last run went.</summary>
public static class JobOverview
{
    public static async Task<IReadOnlyList<JobState>> ReadAsync(IScheduler scheduler, IExecutionHistoryStore? history, CancellationToken cancellationToken)
    {
        var jobs = new List<JobState>();
        foreach (var key in (await scheduler.GetJobKeys(GroupMatcher<JobKey>.AnyGroup(), cancellationToken)).OrderBy(k => k.Name, StringComparer.Ordinal))
        {
            var triggers = await scheduler.GetTriggersOfJob(key, cancellationToken);
            var status = history is null ? null : await history.GetJobRunStatus(scheduler.SchedulerName, key, cancellationToken);
            var outcome = status is null
                ? "not run yet"
                : $"{status.LastResult}{(status.LastSummary is { } summary ? $": {summary}" : "")}"
                  + (status.LastFailedAtUtc == status.LastFiredAtUtc && status.LastFailureMessage is { } failure ? $" ({failure})" : "");
            jobs.Add(new JobState(
                key.Name,
                triggers.Select(t => t.NextFireTimeUtc).Where(t => t is not null).Min(),
                status?.LastFiredAtUtc,
                outcome,
                status?.RunCount ?? 0,
                status?.FailureCount ?? 0));
        }

        return jobs;
    }
}
