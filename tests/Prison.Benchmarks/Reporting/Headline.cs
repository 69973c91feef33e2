namespace Prison.Benchmarks.Reporting;

/// <summary>
/// One row of the headline table at the top of docs/benchmarks.md: what was measured (its size in the name), the
/// figure, and the anchor measured in the same run with the ratio of the two, or null when the benchmark has no anchor.
/// </summary>
public sealed record Headline(string Name, string Figure, string? Anchor, double? Ratio, string Command);
