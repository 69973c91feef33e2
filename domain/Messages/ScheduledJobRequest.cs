namespace Prison.Domain.Messages;

/// <summary>
/// An operator's request about a scheduled job, from web's operations page or the command line: only the workers
/// write the job storage, so the processes that ask send this and a worker carries it out.
/// </summary>
/// <param name="Job">The job's name, one of the schedule's.</param>
/// <param name="RequestedBy">Who asked, for the worker's log.</param>
public sealed record ScheduledJobRequest(string Job, ScheduledJobAct Act, string RequestedBy);
