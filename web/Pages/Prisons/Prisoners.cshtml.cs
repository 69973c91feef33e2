using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Prison.Db;
using Prison.Db.Audit;
using Prison.Db.Reads;
using Prison.Domain;
using Prison.Web.Downloads;
using Prison.Web.SignIn;
using Prison.Web.Status;

namespace Prison.Web.Pages.Prisons;

/// <summary>
/// Every current prisoner of a prison, or those at one status, newest arrival first, 50 a page: each page one statement
/// that starts where the last one ended (keyset), so the last page costs what the first does, and the insert of its
/// audit entry (which list, how many shown).
/// </summary>
public sealed class PrisonersModel(PrisonDb db, PrisonDirectory directory, RuleTitles titles) : PageModel
{
    public PrisonFacility Prison { get; private set; } = null!;

    public DangerStatus? Status { get; private set; }

    public bool IsFirstPage { get; private set; }

    public CurrentPrisonersPage Listed { get; private set; } = new(new StatusCounts(0, 0, 0), [], null);

    /// <summary>Why the request was refused, shown instead of a list.</summary>
    public string? Refusal { get; private set; }

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

    public async Task<IActionResult> OnGetAsync(string code, string? status, string? after, CancellationToken cancellationToken)
    {
        if (await directory.FindAsync(code, PrisonScope.Of(User), cancellationToken) is not { } prison)
        {
            await OutOfReachAudit.PrisonAsync(HttpContext, code, cancellationToken);
            return NotFound();
        }

        Prison = prison;
        if (status is not null)
        {
            if (!TryReadStatus(status, out var parsed))
            {
                return Refuse(NoSuchStatus(status));
            }

            Status = parsed;
        }

        ArrivalCursor? cursor = null;
        if (after is not null && !ArrivalCursor.TryParse(after, out cursor))
        {
            return Refuse($"'{after}' is not where a page of this list ends. Start again from the first page.");
        }

        IsFirstPage = cursor is null;
        Listed = await db.CurrentPrisonersAsync(prison.Id, Status, cursor, cancellationToken: cancellationToken);
        db.AuditEntries.Add(AuditEntry.PrisonersListed(ListName, IsFirstPage, Listed.Rows.Count));
        await db.SaveChangesAsync(cancellationToken);
        return Page();
    }

    /// <summary>
    /// The whole list (all, or those at one status) as a CSV file: the same prison within the user's reach, the same
    /// rows in the same order as the pages, read in one statement as they are written.
    /// </summary>
    public async Task<IActionResult> OnGetCsvAsync(string code, string? status, CancellationToken cancellationToken)
    {
        if (await directory.FindAsync(code, PrisonScope.Of(User), cancellationToken) is not { } prison)
        {
            await OutOfReachAudit.PrisonAsync(HttpContext, code, cancellationToken);
            return NotFound();
        }

        Prison = prison;
        if (status is not null)
        {
            if (!TryReadStatus(status, out var parsed))
            {
                return BadRequest(NoSuchStatus(status));
            }

            Status = parsed;
        }

        var fileName = $"{prison.Code}-{(Status is { } only ? StatusLabels.Of(only).ToLowerInvariant().Replace(' ', '-') : "current")}-prisoners.csv";
        return new CsvDownload<ArrivalRow>(fileName, ListName, ListColumns.Arrivals(titles), db.EveryCurrentPrisoner(prison.Id, Status));
    }

    /// <summary>This list as a CSV file.</summary>
    public static string CsvPathOf(string prisonCode, DangerStatus? status) =>
        PathOf(prisonCode, status) is var path && path.Contains('?', StringComparison.Ordinal) ? $"{path}&handler=csv" : $"{path}?handler=csv";

    /// <summary>Which list, in words, for the audit log.</summary>
    private string ListName => Status is { } listed ? $"the {StatusLabels.Of(listed)} prisoners at {Prison.Code}" : $"the current prisoners at {Prison.Code}";

    /// <summary>A status by its name, in any case; not by its number.</summary>
    private static bool TryReadStatus(string text, out DangerStatus status) =>
        Enum.TryParse(text, ignoreCase: true, out status) && Enum.IsDefined(status) && !char.IsDigit(text.FirstOrDefault());

    private static string NoSuchStatus(string text) =>
        $"There is no status '{text}': list Dangerous, NotDangerous or Unknown prisoners, or leave the status out for all of them.";

    private PageResult Refuse(string why)
    {
        Refusal = why;
        Response.StatusCode = StatusCodes.Status400BadRequest;
        return Page();
    }
}
