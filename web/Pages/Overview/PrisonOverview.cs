using Prison.Db.Reads;

namespace Prison.Web.Pages.Overview;

/// <summary>
/// One prison on the headquarters overview: its counts by status now, its Dangerous count at the end of each day asked
/// (<see cref="Days"/>, oldest first; today's is the count now), and at the end of yesterday and of the day a week
/// before today (UTC days), null for a day before the figures were kept.
/// </summary>
public sealed record PrisonOverview(int PrisonId, StatusCounts Counts, IReadOnlyList<DangerousDay> Days, int? DangerousYesterday, int? DangerousWeekAgo)
{
    /// <summary>How the Dangerous count moved since the end of yesterday (UTC), null when that day was not kept.</summary>
    public int? ChangeOverDay => Counts.Dangerous - DangerousYesterday;

    /// <summary>How the Dangerous count moved since the end of the day a week before today (UTC), null when that day was not kept.</summary>
    public int? ChangeOverWeek => Counts.Dangerous - DangerousWeekAgo;
}
