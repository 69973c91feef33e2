namespace Prison.ServiceDefaults.Telemetry;

/// <param name="LastSucceeded">Whether the last finished run succeeded; null before any finished.</param>
/// <param name="LastRunUnixSeconds">When the job was last fired.</param>
/// <param name="FailedRuns">Runs that failed after their retries and wait in Hangfire's failed list.</param>
public sealed record JobSample(string Name, bool? LastSucceeded, double? LastRunUnixSeconds, long FailedRuns);
