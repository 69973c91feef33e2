using Prison.Domain;
using Prison.Web.Downloads;
using Prison.Web.Wording;

namespace Prison.Web.Pages.Prisoners;

/// <summary>A search's results, as its page shows them.</summary>
public static class SearchHitColumns
{
    /// <param name="heldAt">Where the prisoner is held, in the page's words.</param>
    public static IReadOnlyList<CsvColumn<SearchHit>> Of(RuleTitles titles, Func<SearchHit, string> heldAt) =>
    [
        new("Number", hit => hit.Number),
        new("Name", hit => hit.Name),
        new("Held", heldAt),
        new("Legal status", hit => Words.Of(hit.LegalStatus)),
        new("Danger", hit => ColumnWords.Danger(hit.Status, hit.FromEarlierRuleSet)),
        new("Why", hit => ColumnWords.Why(titles, hit.FiredRules)),
    ];
}
