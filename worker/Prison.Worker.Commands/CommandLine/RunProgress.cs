using Microsoft.Extensions.DependencyInjection;
using Prison.Db;
using Prison.Db.Runs;
using Spectre.Console;

namespace Prison.Worker.CommandLine;

/// <summary>
/// Shows a run's progress until it finishes: a live bar (done/total, rate, time left) on a terminal, a line every
/// few seconds when the output goes to a file. Cancelling stops the watching, never the run.
/// </summary>
internal static class RunProgress
{
    private static readonly TimeSpan Poll = TimeSpan.FromMilliseconds(500);

    public static async Task<ReevaluationRun> WatchAsync(IServiceProvider services, Guid runId, CancellationToken cancellationToken)
    {
        var run = await ReadAsync(services, runId, cancellationToken);
        if (!AnsiConsole.Profile.Capabilities.Interactive)
        {
            while (!run.IsFinished)
            {
                await Task.Delay(Poll * 4, cancellationToken);
                run = await ReadAsync(services, runId, cancellationToken);
                Console.WriteLine($"{run.Done + run.Failed}/{run.Total} prisoners, {Rate(run):0} a second");
            }

            return run;
        }

        await AnsiConsole.Progress()
            .Columns(new TaskDescriptionColumn(), new ProgressBarColumn(), new PercentageColumn(), new RemainingTimeColumn(), new SpinnerColumn())
            .StartAsync(async context =>
            {
                var task = context.AddTask(Describe(run), maxValue: Math.Max(run.Total, 1));
                while (true)
                {
                    task.Value = run.Done + run.Failed;
                    task.Description = Describe(run);
                    if (run.IsFinished)
                    {
                        task.Value = task.MaxValue;
                        break;
                    }

                    await Task.Delay(Poll, cancellationToken);
                    run = await ReadAsync(services, runId, cancellationToken);
                }
            });
        return run;
    }

    private static string Describe(ReevaluationRun run) => $"{run.Done + run.Failed}/{run.Total} prisoners · {Rate(run):0}/s";

    private static double Rate(ReevaluationRun run)
    {
        var seconds = ((run.FinishedAtUtc ?? DateTime.UtcNow) - run.StartedAtUtc).TotalSeconds;
        return seconds > 0 ? (run.Done + run.Failed) / seconds : 0;
    }

    private static async Task<ReevaluationRun> ReadAsync(IServiceProvider services, Guid runId, CancellationToken cancellationToken)
    {
        await using var scope = services.CreateAsyncScope();
        return await scope.ServiceProvider.GetRequiredService<PrisonDb>().RunAsync(runId, cancellationToken)
            ?? throw new InvalidOperationException($"Run {runId} is gone from the database.");
    }
}
