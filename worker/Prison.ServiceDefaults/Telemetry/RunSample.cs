namespace Prison.ServiceDefaults.Telemetry;

/// <summary>The current full re-evaluation run: prisoners it covers, and those evaluated or failed so far.</summary>
public sealed record RunSample(long Total, long Done, long Failed);
