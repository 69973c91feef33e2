using Prison.Db.History;
using Prison.Db.Reads;
using Prison.Db.Search;
using Prison.Db.Writes;
using Prison.Domain;
using Prison.Web.Pages.Shared;
using Prison.Web.Wording;

namespace Prison.Web.Downloads;

/// <summary>The columns of each list's file: the page's columns, in the page's words; times in the prison's zone, named in the heading.</summary>
public static class ListColumns
{
    /// <summary>A prison's current prisoners, as the dashboard and the lists by status show them.</summary>
    public static IReadOnlyList<CsvColumn<ArrivalRow>> Arrivals(RuleTitles titles) =>
    [
        new("Arrived", row => row.ArrivalDate.ToString("yyyy-MM-dd", System.Globalization.CultureInfo.InvariantCulture)),
        new("Number", row => row.Number),
        new("Name", row => row.Name),
        new("Legal status", row => Words.Of(row.LegalStatus)),
        new("Danger", row => Danger(row.Status, row.FromEarlierRuleSet)),
        new("Why", row => Why(titles, row.FiredRules)),
    ];

    /// <summary>"Since last shift": both groups in one table, each row saying which.</summary>
    public static IReadOnlyList<CsvColumn<ShiftChange>> ShiftChanges(RuleTitles titles, PrisonTime time) =>
    [
        new("Change", row => row.Change.ToStatus == DangerStatus.Dangerous ? "Became Dangerous" : "No longer Dangerous"),
        new($"When ({time.Zone})", row => time.InColumn(row.Change.AtUtc)),
        new("First verdict", row => row.Change.FromStatus is null ? "Yes" : "No"),
        new("Number", row => row.Number),
        new("Name", row => row.Name ?? Pages.Prisons.SinceLastShiftModel.BeyondReach),
        new("Why", row => Why(titles, row.Change.ToStatus == DangerStatus.Dangerous ? row.Change.Reasons : row.Change.Went)),
        new("What changed it", row => CauseWords.Of(row.Change.Cause, row.Change.CauseDetail)),
        new("Now", row => row.StatusNow is { } now ? StatusLabels.Of(now) : null),
    ];

    /// <summary>"Coming up": when, who, from what to what, and the rules that come and go (in the page's words).</summary>
    public static IReadOnlyList<CsvColumn<ComingUpRow>> ComingUp(PrisonTime time, Func<IReadOnlyList<RuleFacts>, IReadOnlyList<string>> rules) =>
    [
        new($"When ({time.Zone})", row => time.InColumn(row.AtUtc)),
        new("Number", row => row.Number),
        new("Name", row => row.Name),
        new("Now", row => StatusLabels.Of(row.From)),
        new("Becomes", row => StatusLabels.Of(row.To)),
        new("Comes", row => string.Join("; ", rules(row.Came))),
        new("Ends", row => string.Join("; ", rules(row.Went))),
    ];

    /// <summary>A search's results, as its page shows them.</summary>
    /// <param name="heldAt">Where the prisoner is held, in the page's words.</param>
    public static IReadOnlyList<CsvColumn<SearchHit>> SearchHits(RuleTitles titles, Func<SearchHit, string> heldAt) =>
    [
        new("Number", hit => hit.Number),
        new("Name", hit => hit.Name),
        new("Held", heldAt),
        new("Legal status", hit => Words.Of(hit.LegalStatus)),
        new("Danger", hit => Danger(hit.Status, hit.FromEarlierRuleSet)),
        new("Why", hit => Why(titles, hit.FiredRules)),
    ];

    private static string Danger(DangerStatus status, bool fromEarlierRuleSet) =>
        fromEarlierRuleSet ? $"{StatusLabels.Of(status)} (from the previous rule set)" : StatusLabels.Of(status);

    private static string Why(RuleTitles titles, IReadOnlyList<string> rules) => string.Join("; ", rules.Select(code => titles[code]));
}
