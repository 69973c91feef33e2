using Microsoft.Extensions.DependencyInjection;
using Prison.Domain.Evaluation;
using Quartz;

namespace Prison.Worker.Jobs;

public static class PrisonSchedule
{
    public static void AddPrisonSchedule(this IQuartzBuilder quartz, IServiceCollection services)
    {
        quartz.ScheduleJob<DueReevaluationJob>(trigger => trigger
            .WithIdentity(DueReevaluationJob.Key.Name)
            .StartNow()
            .WithSimpleSchedule(s => s.WithInterval(TimeSpan.FromMinutes(1)).RepeatForever()
                .WithMisfireInstruction(SimpleTriggerMisfireInstruction.NextWithRemainingCount)));
        quartz.ScheduleJob<UnknownSweeperJob>(trigger => trigger
            .WithIdentity(UnknownSweeperJob.Key.Name)
            .StartNow()
            .WithSimpleSchedule(s => s.WithInterval(TimeSpan.FromMinutes(1)).RepeatForever()
                .WithMisfireInstruction(SimpleTriggerMisfireInstruction.NextWithRemainingCount)));

        // A night missed while every worker was down is run once when one comes back, not once per missed night.
        quartz.ScheduleJob<NightlyReevaluationJob>((provider, trigger) => trigger
            .WithIdentity(NightlyReevaluationJob.Key.Name)
            .WithCronSchedule(provider.GetRequiredService<JobSettings>().NightlyCron, cron => cron
                .InTimeZone(provider.GetRequiredService<PrisonCalendar>().TimeZone)
                .WithMisfireInstruction(CronTriggerMisfireInstruction.FireAndProceed)));
    }
}
