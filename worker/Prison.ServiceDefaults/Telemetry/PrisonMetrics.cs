using System.Diagnostics.Metrics;

namespace Prison.ServiceDefaults.Telemetry;

/// <summary>
/// The product's own metrics (meter <see cref="PrisonTelemetry.Name"/>): what the worker did, measured where it does
/// it, and gauges of the state it works on, read by <see cref="PrisonSampler"/>. With no meter provider listening
/// (no <c>Metrics:Port</c>) recording costs next to nothing.
/// </summary>
public sealed class PrisonMetrics
{
    /// <summary>Upper bounds, in seconds: from a quiet prison's few milliseconds to a backlog after an outage.</summary>
    public static readonly double[] CommitToVerdictBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600];

    public const string CommitToVerdictName = "prison.commit_to_verdict";

    private readonly Histogram<double> _commitToVerdict;
    private readonly Counter<long> _verdictsWritten;
    private volatile PrisonSample _sample = PrisonSample.Nothing;

    public PrisonMetrics(IMeterFactory meters)
    {
        var meter = meters.Create(PrisonTelemetry.Name);
        _commitToVerdict = meter.CreateHistogram<double>(
            CommitToVerdictName, "s", "From a change's commit to its verdict's write, for changes whose verdict the worker stored.");
        _verdictsWritten = meter.CreateCounter<long>("prison.verdicts.written", "{verdict}", "Verdicts stored: changes, windows closed, runs.");
        meter.CreateObservableGauge("prison.prisoners.unknown", () => Measure(_sample.UnknownPrisoners), "{prisoner}", "Prisoners whose verdict is Unknown.");
        meter.CreateObservableGauge(
            "prison.prisoners.unknown.oldest_age", () => Measure(_sample.OldestUnknownSeconds), "s", "How long the prisoner Unknown for longest has been so.");
        meter.CreateObservableGauge(
            "prison.prisoners.due", () => Measure(_sample.DuePrisoners), "{prisoner}", "Prisoners whose verdict's time window has closed, waiting for the due re-evaluation.");
        meter.CreateObservableGauge(
            "prison.events.unrelayed", () => Measure(_sample.UnrelayedEvents), "{event}", "Events in the outbox not yet relayed to the broker.");
        meter.CreateObservableGauge(
            "prison.events.unrelayed.oldest_age", () => Measure(_sample.OldestUnrelayedSeconds), "s", "How long the oldest event not yet relayed has waited since it occurred.");
        meter.CreateObservableGauge("prison.error_queue.messages", ErrorQueues, "{message}", "Messages in each error queue, where a message goes after its retries failed.");
        meter.CreateObservableGauge("prison.run.prisoners", RunPrisoners, "{prisoner}", "The current full re-evaluation run: its prisoners in all (state=total), evaluated, failed.");
        meter.CreateObservableGauge("prison.job.last_run.succeeded", JobsLastSucceeded, null, "1 when each scheduled job's last run succeeded, 0 when it failed.");
        meter.CreateObservableGauge("prison.job.last_run.time", JobsLastRun, "s", "When each scheduled job was last fired, in seconds since 1970 (UTC).");
        meter.CreateObservableGauge("prison.job.failed_runs", JobsFailedRuns, "{run}", "Runs of each scheduled job that failed after their retries.");
    }

    /// <summary>The latest reading of the gauges.</summary>
    public PrisonSample Sample
    {
        get => _sample;
        set => _sample = value;
    }

    public void VerdictsWritten(int count) => _verdictsWritten.Add(count);

    public void CommitToVerdict(TimeSpan elapsed) => _commitToVerdict.Record(Math.Max(0, elapsed.TotalSeconds));

    private static IEnumerable<Measurement<T>> Measure<T>(T? value)
        where T : struct => value is { } known ? [new Measurement<T>(known)] : [];

    private IEnumerable<Measurement<long>> ErrorQueues() =>
        _sample.ErrorQueueMessages?.Select(queue => new Measurement<long>(queue.Value, new KeyValuePair<string, object?>("queue", queue.Key))) ?? [];

    private IEnumerable<Measurement<long>> RunPrisoners() => _sample.Run is { } run
        ? [State(run.Total, "total"), State(run.Done, "evaluated"), State(run.Failed, "failed")]
        : [];

    private IEnumerable<Measurement<int>> JobsLastSucceeded() =>
        Jobs().Where(job => job.LastSucceeded is not null).Select(job => Job(job.LastSucceeded == true ? 1 : 0, job));

    private IEnumerable<Measurement<double>> JobsLastRun() =>
        Jobs().Where(job => job.LastRunUnixSeconds is not null).Select(job => Job(job.LastRunUnixSeconds!.Value, job));

    private IEnumerable<Measurement<long>> JobsFailedRuns() => Jobs().Select(job => Job(job.FailedRuns, job));

    private IEnumerable<JobSample> Jobs() => _sample.Jobs ?? [];

    private static Measurement<long> State(long value, string state) => new(value, new KeyValuePair<string, object?>("state", state));

    private static Measurement<T> Job<T>(T value, JobSample job)
        where T : struct => new(value, new KeyValuePair<string, object?>("job", job.Name));
}
