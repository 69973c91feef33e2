using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Prison.Db;
using Prison.Db.Audit;
using Prison.Db.Reads;
using Prison.Domain;
using Prison.Web.Downloads;
using Prison.Web.Forms;
using Prison.Web.SignIn;
using Prison.Web.Pages.Shared;
using Prison.Web.Wording;

namespace Prison.Web.Pages.Prisons.Dashboard;

/// <summary>
/// Every current prisoner of a prison, or those at one status, newest arrival first, 50 a page: each page one statement
/// that starts where the last one ended (keyset), so the last page costs what the first does, and the insert of its
/// audit entry (which list, how many shown).
/// </summary>
public sealed class PrisonersModel(PrisonDb db, RuleTitles titles) : PageModel, IPrisonPage
{
    public PrisonFacility Prison { get; set; } = null!;

    [BindProperty(SupportsGet = true, Name = "status")]
    [Unreadable("There is no status '{0}': list Dangerous, NotDangerous or Unknown prisoners, or leave the status out for all of them.")]
    public DangerStatus? Status { get; set; }

    /// <summary>Where the page before this one ended; null for the first page.</summary>
    [BindProperty(SupportsGet = true, Name = "after")]
    [Unreadable("'{0}' is not where a page of this list ends. Start again from the first page.")]
    public ArrivalCursor? After { get; set; }

    public bool IsFirstPage { get; private set; }

    public CurrentPrisonersPage Listed { get; private set; } = new(new StatusCounts(0, 0, 0), [], null);

    public static string PathOf(string prisonCode, DangerStatus? status, ArrivalCursor? after = null)
    {
        var query = new List<string>();
        if (status is { } only)
        {
            query.Add($"status={only}");
        }

        if (after is not null)
        {
            query.Add($"after={Uri.EscapeDataString(after.ToString())}");
        }

        return $"/prisons/{Uri.EscapeDataString(prisonCode)}/prisoners" + (query.Count == 0 ? "" : "?" + string.Join('&', query));
    }

    /// <summary>How many are listed in all, from the prison's counts.</summary>
    public int Total => Status switch
    {
        DangerStatus.Dangerous => Listed.Counts.Dangerous,
        DangerStatus.NotDangerous => Listed.Counts.NotDangerous,
        DangerStatus.Unknown => Listed.Counts.Unknown,
        _ => Listed.Counts.Total,
    };

    public string Title => Status switch
    {
        null => $"Current prisoners at {Prison.Name}",
        { } status => $"{StatusLabels.Of(status)} prisoners at {Prison.Name}",
    };

    public string NoneListed => Status switch
    {
        DangerStatus.Dangerous => "No current prisoner here is dangerous.",
        DangerStatus.NotDangerous => "No current prisoner here is marked not dangerous.",
        DangerStatus.Unknown => "No current prisoner here waits for a verdict.",
        _ => "No prisoner is held here now.",
    };

    public async Task<IActionResult> OnGetAsync(CancellationToken cancellationToken)
    {
        var prison = Prison;
        IsFirstPage = After is null;
        Listed = await db.CurrentPrisonersAsync(prison.Id, Status, After, cancellationToken: cancellationToken);
        db.AuditEntries.Add(AuditEntry.PrisonersListed(ListName, IsFirstPage, Listed.Rows.Count).Concerning([Prison.Id]));
        await db.SaveChangesAsync(cancellationToken);
        return Page();
    }

    /// <summary>
    /// The whole list (all, or those at one status) as a CSV file: the same prison within the user's reach, the same
    /// rows in the same order as the pages, read in one statement as they are written.
    /// </summary>
    public IActionResult OnGetCsv()
    {
        var prison = Prison;
        var fileName = $"{prison.Code}-{(Status is { } only ? StatusLabels.Of(only).ToLowerInvariant().Replace(' ', '-') : "current")}-prisoners.csv";
        return new CsvDownload<ArrivalRow>(fileName, ListName, ArrivalColumns.Of(titles), db.EveryCurrentPrisoner(prison.Id, Status), prison.Id);
    }

    /// <summary>This list as a CSV file.</summary>
    public static string CsvPathOf(string prisonCode, DangerStatus? status) =>
        PathOf(prisonCode, status) is var path && path.Contains('?', StringComparison.Ordinal) ? $"{path}&handler=csv" : $"{path}?handler=csv";

    /// <summary>Which list, in words, for the audit log.</summary>
    private string ListName => Status is { } listed ? $"the {StatusLabels.Of(listed)} prisoners at {Prison.Code}" : $"the current prisoners at {Prison.Code}";
}
