namespace Prison.ServiceDefaults.Telemetry;

/// <summary>What the worker's gauges report, as last read; a part that could not be read is null and not reported.</summary>
public sealed record PrisonSample(
    long? UnknownPrisoners,
    double? OldestUnknownSeconds,
    long? DuePrisoners,
    IReadOnlyDictionary<string, uint>? ErrorQueueMessages,
    RunSample? Run,
    IReadOnlyList<JobSample>? Jobs,
    long? UnrelayedEvents = null,
    double? OldestUnrelayedSeconds = null)
{
    public static readonly PrisonSample Nothing = new(null, null, null, null, null, null);
}
