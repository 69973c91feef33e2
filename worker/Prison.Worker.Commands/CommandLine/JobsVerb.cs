using System.CommandLine;
using System.Globalization;
using Hangfire;
using MassTransit;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Prison.Domain.Evaluation;
using Prison.Domain.Messages;
using Prison.Runtime;
using Prison.Runtime.Jobs;
using Prison.ServiceDefaults;
using Spectre.Console;

namespace Prison.Worker.CommandLine;

/// <summary>
/// The scheduled jobs as the workers' shared Hangfire storage holds them: next and last runs, the last run's outcome
/// and the failed runs, and firing one now. This process only reads the storage, which its role may not write: it asks
/// a worker by message to fire a job, and never runs one.
/// </summary>
internal static class JobsVerb
{
    public static Command Create()
    {
        var list = Verb.Create("list", "The scheduled jobs with their next and last runs, the last run's outcome and the failed runs.", (_, configuration, cancellationToken) =>
            WithJobStorageAsync(configuration, withBus: false, cancellationToken, services =>
            {
                var zone = services.GetRequiredService<PrisonCalendar>().TimeZone;
                var jobs = JobOverview.Read(services.GetRequiredService<JobStorage>());
                if (jobs.Count == 0)
                {
                    AnsiConsole.MarkupLine("No scheduled job is registered yet: a worker registers them when it starts.");
                    return Task.FromResult(0);
                }

                var table = new Table().AddColumns("Job", "Next run", "Last run", "Last outcome", "Failed runs");
                foreach (var job in jobs)
                {
                    table.AddRow(
                        job.Name, Local(job.NextRunUtc, zone), Local(job.LastRunUtc, zone), Markup.Escape(job.LastOutcome),
                        job.Failures.ToString(CultureInfo.InvariantCulture));
                }

                AnsiConsole.Write(table);
                AnsiConsole.MarkupLineInterpolated($"Times in {zone.Id}. Failed runs wait in Hangfire's failed list: web's /operations page retries or deletes them.");
                return Task.FromResult(0);
            }));

        var name = new Argument<string>("NAME") { Description = $"one of {string.Join(", ", PrisonSchedule.Names)}" };
        var trigger = Verb.Create("trigger", "Fire a job now; a running worker runs it.", (parse, configuration, cancellationToken) =>
        {
            var job = parse.GetValue(name)!;
            if (!PrisonSchedule.Names.Contains(job, StringComparer.Ordinal))
            {
                throw new UsageException($"No job is called '{job}'. The jobs are: {string.Join(", ", PrisonSchedule.Names.Order(StringComparer.Ordinal))}.");
            }

            return WithJobStorageAsync(configuration, withBus: true, cancellationToken, async services =>
            {
                if (JobOverview.Read(services.GetRequiredService<JobStorage>()).All(registered => registered.Name != job))
                {
                    throw new StartupException($"The job {job} is not registered yet: a worker registers the jobs when it starts.");
                }

                await services.GetRequiredService<IPublishEndpoint>().Publish(new ScheduledJobRequest(job, ScheduledJobAct.Fire, $"command line ({Environment.UserName})"), cancellationToken);
                AnsiConsole.MarkupLineInterpolated($"Asked the workers to fire {job}; a running worker runs it within seconds. 'jobs list' shows its outcome.");
                return 0;
            });
        }, name);

        return Verb.Create("jobs", "The scheduled jobs: list them, or fire one now.", (_, _, _) => throw new UsageException("Say 'jobs list' or 'jobs trigger NAME'."), list, trigger);
    }

    /// <param name="withBus">Starts the bus too, to send a request to the workers (the broker must answer).</param>
    private static async Task<int> WithJobStorageAsync(string[] configuration, bool withBus, CancellationToken cancellationToken, Func<IServiceProvider, Task<int>> work)
    {
        var builder = Host.CreateApplicationBuilder(configuration);
        var settings = builder.AddPrison(hostWorker: false);
        if (settings.IsEmbeddedDatabase)
        {
            throw new StartupException("In the embedded mode the jobs live in web's memory, out of this command's reach: see web's operations page. With ConnectionStrings:Prison set, this command reads the workers' shared schedule.");
        }

        builder.Services.AddPrisonJobs(settings, runJobs: false);
        if (!withBus)
        {
            await StartupChecks.EnsureDatabaseReachableAsync(settings, cancellationToken);
            using var reader = builder.Build();
            return await work(reader.Services);
        }

        await StartupChecks.EnsureReachableAsync(settings, cancellationToken);
        using var host = builder.Build();
        var bus = host.Services.GetRequiredService<IBusControl>();
        await bus.StartAsync(cancellationToken);
        try
        {
            return await work(host.Services);
        }
        finally
        {
            await bus.StopAsync(CancellationToken.None);
        }
    }

    private static string Local(DateTimeOffset? utc, TimeZoneInfo zone) =>
        utc is { } instant ? TimeZoneInfo.ConvertTime(instant, zone).ToString("yyyy-MM-dd HH:mm:ss", CultureInfo.InvariantCulture) : "—";
}
