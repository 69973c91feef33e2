using Hangfire;
using Hangfire.Storage;
using Microsoft.Extensions.Logging;
using Prison.ServiceDefaults;

namespace Prison.Runtime.Jobs;

/// <summary>
/// The three jobs and when they run, written to Hangfire's storage by every process that runs jobs when it starts.
/// A job keeps its next run across restarts while its schedule is unchanged: a night missed while every worker was
/// down is still due when one comes back.
/// </summary>
public static class PrisonSchedule
{
    public static readonly IReadOnlyList<string> Names = [DueReevaluationJob.Name, NightlyReevaluationJob.Name, UnknownSweeperJob.Name];

    /// <param name="prisonTimeZone">The nightly job's calendar: 02:00 is 02:00 at the prison, summer and winter.</param>
    public static void Register(IRecurringJobManager jobs, JobSettings settings, TimeZoneInfo prisonTimeZone, ILogger logger)
    {
        // A worker killed while it scheduled a job leaves that job's lock until Jobs:TakeOverAfter has passed: the
        // worker replacing it waits for that rather than failing its start.
        var deadline = DateTime.UtcNow + settings.TakeOverAfter + TimeSpan.FromSeconds(30);
        while (true)
        {
            try
            {
                RegisterOnce(jobs, settings, prisonTimeZone);
                return;
            }
            catch (DistributedLockTimeoutException locked) when (DateTime.UtcNow < deadline)
            {
                logger.LogWarning(
                    "The schedule is locked ({Resource}), by a worker that is scheduling or was killed while it did; waiting for the lock to end (Jobs:TakeOverAfter, {TakeOverAfter}).",
                    locked.Resource,
                    settings.TakeOverAfter);
            }
        }
    }

    private static void RegisterOnce(IRecurringJobManager jobs, JobSettings settings, TimeZoneInfo prisonTimeZone)
    {
        // The nightly job first: an expression Hangfire refuses leaves the schedule as it was.
        try
        {
            // Relaxed: occurrences missed while no worker ran make one run when one is back, not one run each.
            jobs.AddOrUpdate<NightlyReevaluationJob>(
                NightlyReevaluationJob.Name,
                job => job.RunAsync(CancellationToken.None),
                settings.NightlyCron,
                new RecurringJobOptions { TimeZone = prisonTimeZone, MisfireHandling = MisfireHandlingMode.Relaxed });
        }
        catch (ArgumentException error) when (error.ParamName == "cronExpression")
        {
            throw new StartupException(
                $"Jobs:NightlyCron is '{settings.NightlyCron}', which is not a cron expression: {error.InnerException?.Message ?? error.Message} "
                + $"The default is '{JobSettings.DefaultNightlyCron}', 02:00 every day in Prison:TimeZone.");
        }

        jobs.AddOrUpdate<DueReevaluationJob>(DueReevaluationJob.Name, job => job.RunAsync(CancellationToken.None), Cron.Minutely(), new RecurringJobOptions());
        jobs.AddOrUpdate<UnknownSweeperJob>(UnknownSweeperJob.Name, job => job.RunAsync(CancellationToken.None), Cron.Minutely(), new RecurringJobOptions());
    }
}
