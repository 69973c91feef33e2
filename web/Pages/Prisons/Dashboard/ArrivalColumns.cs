using Prison.Db.Reads;
using Prison.Domain;
using Prison.Web.Downloads;
using Prison.Web.Wording;

namespace Prison.Web.Pages.Prisons.Dashboard;

/// <summary>A prison's current prisoners, as the dashboard and the lists by status show them.</summary>
public static class ArrivalColumns
{
    public static IReadOnlyList<CsvColumn<ArrivalRow>> Of(RuleTitles titles) =>
    [
        new("Arrived", row => row.ArrivalDate.ToString("yyyy-MM-dd", System.Globalization.CultureInfo.InvariantCulture)),
        new("Number", row => row.Number),
        new("Name", row => row.Name),
        new("Legal status", row => Words.Of(row.LegalStatus)),
        new("Danger", row => ColumnWords.Danger(row.Status, row.FromEarlierRuleSet)),
        new("Why", row => ColumnWords.Why(titles, row.FiredRules)),
    ];
}
