using System.CommandLine;
using System.Globalization;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Prison.Domain.Evaluation;
using Prison.Worker.Hosting;
using Prison.Worker.Jobs;
using Quartz;
using Quartz.Extensibility;
using Spectre.Console;

namespace Prison.Worker.CommandLine;

/// <summary>
/// The scheduled jobs as the cluster's shared store holds them: next and last firings and outcomes, and firing one
/// now (a running worker picks it up). This process only reads and writes the store; it never runs a job.
/// </summary>
internal static class JobsVerb
{
    public static Command Create()
    {
        var list = Verb.Create("list", "The scheduled jobs with their next and last firings and outcomes.", (_, configuration, cancellationToken) =>
            WithSchedulerAsync(configuration, cancellationToken, async (scheduler, services) =>
            {
                var zone = services.GetRequiredService<PrisonCalendar>().TimeZone;
                var table = new Table().AddColumns("Job", "Next firing", "Last firing", "Last outcome", "Runs", "Failures");
                foreach (var job in await JobOverview.ReadAsync(scheduler, services.GetService<IExecutionHistoryStore>(), cancellationToken))
                {
                    table.AddRow(
                        job.Name, Local(job.NextFireUtc, zone), Local(job.LastFiredUtc, zone), Markup.Escape(job.LastOutcome),
                        job.Runs.ToString(CultureInfo.InvariantCulture), job.Failures.ToString(CultureInfo.InvariantCulture));
                }

                AnsiConsole.Write(table);
                AnsiConsole.MarkupLineInterpolated($"Times in {zone.Id}.");
                return 0;
            }));

        var name = new Argument<string>("NAME") { Description = $"one of {DueReevaluationJob.Key.Name}, {UnknownSweeperJob.Key.Name}, {NightlyReevaluationJob.Key.Name}" };
        var trigger = Verb.Create("trigger", "Fire a job now; a running worker runs it.", (parse, configuration, cancellationToken) =>
            WithSchedulerAsync(configuration, cancellationToken, async (scheduler, _) =>
            {
                var keys = await scheduler.GetJobKeys(GroupMatcher<JobKey>.AnyGroup(), cancellationToken);
                var key = keys.FirstOrDefault(k => k.Name == parse.GetValue(name))
                    ?? throw new UsageException($"No job is called '{parse.GetValue(name)}'. The jobs are: {string.Join(", ", keys.Select(k => k.Name).Order())}.");
                await scheduler.TriggerJob(key, cancellationToken);
                AnsiConsole.MarkupLineInterpolated($"Fired {key.Name}; a running worker runs it within seconds. 'jobs list' shows its outcome.");
                return 0;
            }), name);

        return Verb.Create("jobs", "The scheduled jobs: list them, or fire one now.", (_, _, _) => throw new UsageException("Say 'jobs list' or 'jobs trigger NAME'."), list, trigger);
    }

    private static async Task<int> WithSchedulerAsync(string[] configuration, CancellationToken cancellationToken, Func<IScheduler, IServiceProvider, Task<int>> work)
    {
        var builder = Host.CreateApplicationBuilder(configuration);
        var settings = builder.AddPrison(hostWorker: false);
        if (settings.IsEmbeddedDatabase)
        {
            throw new StartupException("In the embedded mode the jobs live in web's memory, out of this command's reach: see web's operations page. With ConnectionStrings:Prison set, this command reads the cluster's shared schedule.");
        }

        builder.Services.AddPrisonJobs(settings, hosted: false);
        await StartupChecks.EnsureDatabaseReachableAsync(settings, cancellationToken);
        using var host = builder.Build();
        var scheduler = await host.Services.GetRequiredService<ISchedulerFactory>().GetScheduler(cancellationToken);
        return await work(scheduler, host.Services);
    }

    private static string Local(DateTimeOffset? utc, TimeZoneInfo zone) =>
        utc is { } instant ? TimeZoneInfo.ConvertTime(instant, zone).ToString("yyyy-MM-dd HH:mm:ss") : "—";
}
