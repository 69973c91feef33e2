using Hangfire;
using Prison.Db.Runs;
using Prison.Runtime.Runs;

namespace Prison.Runtime.Jobs;

/// <summary>
/// The safety net: every prisoner evaluated again each night. The job only starts a run (cut into batches that
/// the workers share), so it stays short; when a run is already going, it joins it, so a second copy of the job
/// starts nothing. Retried for longer than the every-minute jobs: there is no other run until the next night.
/// </summary>
[AutomaticRetry(Attempts = 5, DelaysInSeconds = [60, 300, 900, 1800, 3600])]
public sealed class NightlyReevaluationJob(ReevaluationRuns runs)
{
    public const string Name = "nightly-reevaluation";

    public const string StartedBy = "nightly job";

    /// <returns>What the run did, kept by Hangfire as the run's result.</returns>
    [JobDisplayName(Name)]
    public async Task<string> RunAsync(CancellationToken cancellationToken)
    {
        var start = await runs.StartAsync(StartedBy, RunScope.All, cancellationToken);
        return start.Joined ? $"joined {start.Run}" : $"started {start.Run}";
    }
}
