namespace Prison.Db.Reads;

/// <summary>
/// The one row saying from which UTC day the daily Dangerous figures are exact: the day migration 025 began keeping
/// them (the days before were never kept), or the day the stays were last emptied at once.
/// </summary>
public sealed class DangerousDaysKept
{
    public const int TheRow = 1;

    public int Id { get; init; }

    public DateOnly Since { get; init; }
}
