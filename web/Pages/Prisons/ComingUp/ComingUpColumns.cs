using Prison.Db.Writes;
using Prison.Web.Downloads;
using Prison.Web.Pages.Shared;
using Prison.Web.Wording;

namespace Prison.Web.Pages.Prisons.ComingUp;

/// <summary>"Coming up": when, who, from what to what, and the rules that come and go (in the page's words).</summary>
public static class ComingUpColumns
{
    public static IReadOnlyList<CsvColumn<ComingUpRow>> Of(PrisonTime time, Func<IReadOnlyList<RuleFacts>, IReadOnlyList<string>> rules) =>
    [
        new($"When ({time.Zone})", row => time.InColumn(row.AtUtc)),
        new("Number", row => row.Number),
        new("Name", row => row.Name),
        new("Now", row => StatusLabels.Of(row.From)),
        new("Becomes", row => StatusLabels.Of(row.To)),
        new("Comes", row => string.Join("; ", rules(row.Came))),
        new("Ends", row => string.Join("; ", rules(row.Went))),
    ];
}
