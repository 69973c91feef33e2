namespace Prison.Domain.Messages;

/// <summary>What an operator asks the workers to do with one scheduled job (<see cref="ScheduledJobRequest"/>).</summary>
public enum ScheduledJobAct
{
    /// <summary>Run it now, beside its schedule.</summary>
    Fire,

    /// <summary>Run again its runs that failed after their retries.</summary>
    RetryFailed,

    /// <summary>Drop its runs that failed after their retries (the cause is fixed, or they no longer matter).</summary>
    DeleteFailed,
}
