using Prison.Db.History;

namespace Prison.Web.Pages.Prisons.SinceLastShift;

/// <summary>A checked "Since last shift" request: the span in UTC (start inclusive, end exclusive) and each group's cursor.</summary>
public sealed record ShiftSpan(DateTime FromUtc, DateTime ToUtc, HistoryCursor? BecameBefore, HistoryCursor? EndedBefore);
