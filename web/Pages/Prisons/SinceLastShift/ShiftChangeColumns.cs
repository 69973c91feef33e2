using Prison.Domain;
using Prison.Web.Downloads;
using Prison.Web.Pages.Shared;
using Prison.Web.Wording;

namespace Prison.Web.Pages.Prisons.SinceLastShift;

/// <summary>"Since last shift": both groups in one table, each row saying which.</summary>
public static class ShiftChangeColumns
{
    public static IReadOnlyList<CsvColumn<ShiftChange>> Of(RuleTitles titles, PrisonTime time) =>
    [
        new("Change", row => row.Change.ToStatus == DangerStatus.Dangerous ? "Became Dangerous" : "No longer Dangerous"),
        new($"When ({time.Zone})", row => time.InColumn(row.Change.AtUtc)),
        new("First verdict", row => row.Change.FromStatus is null ? "Yes" : "No"),
        new("Number", row => row.Number),
        new("Name", row => row.Name ?? SinceLastShiftModel.BeyondReach),
        new("Why", row => ColumnWords.Why(titles, row.Change.ToStatus == DangerStatus.Dangerous ? row.Change.Reasons : row.Change.Went)),
        new("What changed it", row => CauseWords.Of(row.Change.Cause, row.Change.CauseDetail)),
        new("Now", row => row.StatusNow is { } now ? StatusLabels.Of(now) : null),
    ];
}
