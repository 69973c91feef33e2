using Hangfire;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Prison.Db;
using Prison.Db.Audit;
using Prison.Db.Reads;
using Prison.Db.Runs;
using Prison.Web.Pages.Shared;
using Prison.Runtime.Jobs;
using Prison.Runtime.Messaging;
using Prison.Runtime.Runs;
using Prison.ServiceDefaults;

namespace Prison.Web.Pages.Operations;

/// <summary>The operator's view of the worker: scheduled jobs, re-evaluation runs, and what waits to be evaluated.</summary>
public sealed class IndexModel(
    PrisonDb db, ReevaluationRuns runs, JobStorage jobs, PrisonSettings settings,
    PrisonTime time, JobSettings jobSettings, TimeProvider clock, ILogger<IndexModel> logger) : PageModel
{
    public IReadOnlyList<JobState> Jobs { get; private set; } = [];

    public ReevaluationRun? Current { get; private set; }

    public IReadOnlyList<ReevaluationRun> Latest { get; private set; } = [];

    public Backlog Backlog { get; private set; } = new(0, null, 0);

    public IReadOnlyDictionary<string, uint>? ErrorQueues { get; private set; }

    public string? BrokerProblem { get; private set; }

    public DateTime NowUtc { get; private set; }

    [TempData]
    public string? Message { get; set; }

    public async Task OnGetAsync(CancellationToken cancellationToken)
    {
        NowUtc = clock.GetUtcNow().UtcDateTime;
        Jobs = JobOverview.Read(jobs);
        Current = await db.CurrentRunAsync(cancellationToken);
        Latest = await db.LatestRunsAsync(10, cancellationToken);
        Backlog = await db.BacklogAsync(NowUtc, cancellationToken);
        try
        {
            ErrorQueues = await Prison.Runtime.Messaging.ErrorQueues.CountAsync(settings, cancellationToken);
        }
        catch (Exception error) when (error is not OperationCanceledException)
        {
            logger.LogWarning(error, "Could not count the error queues.");
            BrokerProblem = $"RabbitMQ does not answer: {error.GetBaseException().Message}";
        }
    }

    public async Task<IActionResult> OnPostRunAsync(CancellationToken cancellationToken)
    {
        var start = await runs.StartAsync($"operations page ({db.ActorName})", RunScope.All, cancellationToken);
        Message = start.Joined ? $"A run was already going ({start.Run.Scope}, started by {start.Run.StartedBy}); its progress is below." : "Started a full re-evaluation.";
        db.AuditEntries.Add(AuditEntry.JobRun(start.Joined
            ? $"Asked for a full re-evaluation from the operations page; one was already going ({start.Run.Scope}, started by {start.Run.StartedBy})"
            : $"Started a full re-evaluation (run {start.Run.Id}) from the operations page"));
        await db.SaveChangesAsync(cancellationToken);
        return RedirectToPage();
    }

    public PrisonTime Time => time;

    public string OldestUnknown =>
        Backlog.OldestUnknownSinceUtc is { } since
            ? $"{time.WithSeconds(since)} ({NowUtc - since:d\\.hh\\:mm\\:ss} ago{(NowUtc - since > jobSettings.UnknownThreshold ? ", past the sweeper's threshold" : "")})"
            : "—";

    public static string Duration(ReevaluationRun run) =>
        run.FinishedAtUtc is { } end ? $"{(end - run.StartedAtUtc).TotalSeconds:0.0} s" : "running";
}
