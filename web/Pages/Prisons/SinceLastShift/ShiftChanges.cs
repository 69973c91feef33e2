namespace Prison.Web.Pages.Prisons.SinceLastShift;

/// <summary>
/// One page of "Since last shift" for a prison and a span of time: the prisoners who became Dangerous and those no
/// longer Dangerous, each group newest first, each with a cursor to its next page when it has more.
/// </summary>
public sealed record ShiftChanges(
    IReadOnlyList<ShiftChange> BecameDangerous, HistoryCursor? MoreBecameDangerous,
    IReadOnlyList<ShiftChange> NoLongerDangerous, HistoryCursor? MoreNoLongerDangerous);
