namespace Prison.Runtime.Jobs;

/// <summary>One scheduled job as an operator sees it, from Hangfire's storage.</summary>
/// <param name="LastRunUtc">When the job was last fired, by its schedule or by hand.</param>
/// <param name="LastOutcome">Where that run is: its result, its failure and retries, or that it is running.</param>
/// <param name="LastSucceeded">Whether that run succeeded (false while it fails and is retried); null while it runs or waits, or before any run.</param>
/// <param name="Failures">Runs that failed after their retries and wait in Hangfire's failed list (the dashboard retries or deletes them).</param>
public sealed record JobState(string Name, DateTimeOffset? NextRunUtc, DateTimeOffset? LastRunUtc, string LastOutcome, bool? LastSucceeded, long Failures);
