namespace Prison.Web.Demo;

/// <summary>
/// What loading the demo did: the days replayed, the saves of record changes, the prisoners evaluated (by the consumer's
/// path, the due-time job's and the nightly run's), and the due-time and nightly runs. Tests hold the work to a budget.
/// </summary>
public sealed record DemoReplaySummary(int Days, int Saves, int Evaluations, int DueRuns, int NightlyRuns);
