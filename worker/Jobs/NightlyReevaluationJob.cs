using Prison.Db.Runs;
using Prison.Worker.Runs;
using Quartz;

namespace Prison.Worker.Jobs;

/// <summary>
/// The safety net: every prisoner evaluated again each night. The job only starts a run (cut into batches that
/// the workers share), so it stays short; when a run is already going, it joins it.
/// </summary>
[DisallowConcurrentExecution]
public sealed class NightlyReevaluationJob(ReevaluationRuns runs) : IJob
{
    public static readonly JobKey Key = new("nightly-reevaluation");

    public async ValueTask Execute(IJobExecutionContext context, CancellationToken cancellationToken = default)
    {
        var start = await runs.StartAsync("nightly job", RunScope.All, cancellationToken);
        context.Result = start.Joined ? $"joined {start.Run}" : $"started {start.Run}";
    }
}
