using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Prison.Db;
using Prison.Db.Audit;
using Prison.Db.Search;
using Prison.Domain;
using Prison.Web.Downloads;
using Prison.Web.SignIn;
using Prison.Web.Pages.Shared;
using Prison.Web.Wording;

namespace Prison.Web.Pages.Prisoners;

/// <summary>
/// Finding any prisoner within the user's reach, from the search box in every page's header: by number (exact or its
/// start) or by the start of the first or last name, in any case and with or without accents. One statement
/// (<see cref="SearchReads"/>), which leaves out whoever is not held now at the user's prisons (<see cref="PrisonScope"/>),
/// and the audit entry's insert.
/// </summary>
public sealed class SearchModel(PrisonDb db, PrisonDirectory directory, RuleTitles titles) : PageModel
{
    /// <summary>The longest text searched for: longer is cut (no name or number is this long).</summary>
    public const int MaxQueryLength = 200;

    public string Query { get; private set; } = string.Empty;

    public SearchResults Results { get; private set; } = SearchResults.None;

    public RuleTitles Titles => titles;

    private IReadOnlyDictionary<int, string> PrisonNames { get; set; } = new Dictionary<int, string>();

    public string HeldAt(SearchHit hit) => hit.PrisonId is { } prison
        ? $"{PrisonNames.GetValueOrDefault(prison, $"prison {prison}")} since {hit.ArrivalDate:yyyy-MM-dd}"
        : "Not in custody";

    /// <summary>Whether the text searched for holds no letter or digit to look for.</summary>
    public bool NothingToFind => Query.Length > 0 && SearchKey.Of(Query).Length == 0;

    /// <summary>
    /// The same results as a CSV file: the same statement within the user's reach, at most as many as the page lists.
    /// </summary>
    public async Task<IActionResult> OnGetCsvAsync(string? q, CancellationToken cancellationToken)
    {
        Query = TextCut.AtMost((q ?? string.Empty).Trim(), MaxQueryLength);
        Results = Query.Length == 0 ? SearchResults.None : await db.SearchAsync(Query, PrisonScope.Of(User).PrisonIds, cancellationToken);
        PrisonNames = (await directory.AllAsync(cancellationToken)).ToDictionary(p => p.Id, p => p.Name);
        return new CsvDownload<SearchHit>("prisoners-found.csv", $"the search for \"{Query}\"", SearchHitColumns.Of(titles, HeldAt), Results.Hits.ToAsyncEnumerable());
    }

    /// <summary>These results as a CSV file.</summary>
    public string CsvPath => $"/search?q={Uri.EscapeDataString(Query)}&handler=csv";

    public async Task OnGetAsync(string? q, CancellationToken cancellationToken)
    {
        Query = TextCut.AtMost((q ?? string.Empty).Trim(), MaxQueryLength);

        if (Query.Length == 0)
        {
            return;
        }

        Results = await db.SearchAsync(Query, PrisonScope.Of(User).PrisonIds, cancellationToken);

        // Audited with its terms and how many it listed, saved before the page shows them: no results without their entry.
        db.AuditEntries.Add(AuditEntry.Searched(Query, Results.Hits.Count));
        await db.SaveChangesAsync(cancellationToken);
        PrisonNames = (await directory.AllAsync(cancellationToken)).ToDictionary(p => p.Id, p => p.Name);
    }
}
