using Hangfire;
using MassTransit;
using Microsoft.Extensions.Logging;
using Prison.Domain.Messages;

namespace Prison.Runtime.Jobs;

/// <summary>
/// Carries out an operator's request about a scheduled job in the worker, whose role alone may write Hangfire's
/// storage: web and the command line only read it. A name outside the schedule is refused, so the message lands in
/// the error queue; a redelivered retry or delete finds the runs already settled and does nothing.
/// </summary>
public sealed class ScheduledJobRequestConsumer(
    JobStorage storage, IRecurringJobManagerV2 recurringJobs, IBackgroundJobClient runs, ILogger<ScheduledJobRequestConsumer> logger) : IConsumer<ScheduledJobRequest>
{
    public Task Consume(ConsumeContext<ScheduledJobRequest> context)
    {
        var request = context.Message;
        if (!PrisonSchedule.Names.Contains(request.Job, StringComparer.Ordinal))
        {
            throw new ArgumentException($"No scheduled job is called '{request.Job}'.", nameof(context));
        }

        switch (request.Act)
        {
            case ScheduledJobAct.Fire:
                var id = recurringJobs.TriggerJob(request.Job);
                logger.LogInformation("Fired {Job} as run {Run}, asked by {RequestedBy}.", request.Job, id, request.RequestedBy);
                break;
            case ScheduledJobAct.RetryFailed or ScheduledJobAct.DeleteFailed:
                var failed = JobOverview.FailedRuns(storage).Where(run => run.Job == request.Job).Select(run => run.Id).ToList();
                var settled = failed.Count(run => request.Act == ScheduledJobAct.RetryFailed ? runs.Requeue(run) : runs.Delete(run));
                logger.LogInformation("{Act} {Count} failed runs of {Job}, asked by {RequestedBy}.", request.Act, settled, request.Job, request.RequestedBy);
                break;
            default:
                throw new ArgumentOutOfRangeException(nameof(context), request.Act, "Not a scheduled job act.");
        }

        return Task.CompletedTask;
    }
}
