namespace Prison.Worker.Jobs;

/// <summary>One scheduled job as an operator sees it.</summary>
public sealed record JobState(string Name, DateTimeOffset? NextFireUtc, DateTimeOffset? LastFiredUtc, string LastOutcome, long Runs, long Failures);
