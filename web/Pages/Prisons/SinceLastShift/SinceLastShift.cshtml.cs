using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Prison.Db;
using Prison.Db.Audit;
using Prison.Db.History;
using Prison.Db.Reads;
using Prison.Domain;
using Prison.Domain.Evaluation;
using Prison.Web.Downloads;
using Prison.Web.Forms;
using Prison.Web.SignIn;
using Prison.Web.Pages.Shared;
using Prison.Web.Wording;

namespace Prison.Web.Pages.Prisons.SinceLastShift;

/// <summary>
/// What an officer coming on duty reads first: the prison's prisoners who became Dangerous, and those no longer
/// Dangerous, over the last shift (by default the last twelve hours; any span), newest first, each with the rules and
/// what caused the change. One statement a page (<see cref="SinceLastShiftReads.ShiftChangesAsync"/>), and the insert of
/// its audit entry.
/// </summary>
public sealed class SinceLastShiftModel(PrisonDb db, RuleTitles titles, PrisonCalendar calendar, TimeProvider clock, PrisonTime time, LongestShiftSpan longest) : PageModel, IPrisonPage
{
    /// <summary>What a change's row says in place of a prisoner now beyond the reader's prisons.</summary>
    public const string BeyondReach = "A prisoner since moved beyond your prisons";

    /// <summary>Bound from the query string: from, to, became, ended.</summary>
    [BindProperty(SupportsGet = true)]
    public ShiftSpanForm Span { get; set; } = new();

    public PrisonFacility Prison { get; set; } = null!;

    /// <summary>Null when the span was refused.</summary>
    public ShiftChanges? Changes { get; private set; }

    public ShiftSpan? Read { get; private set; }

    public RuleTitles Titles => titles;

    /// <summary>A span that cannot be read shows the form with its errors, as one that reads but makes no span does.</summary>
    bool IPrisonPage.RefusesUnboundInput => false;

    /// <summary>The prison's time zone, named beside the times the page shows and reads in it.</summary>
    public PrisonTime Time => time;

    public async Task<IActionResult> OnGetAsync(CancellationToken cancellationToken)
    {
        var prison = Prison;
        if (Span.TryValidate(clock.GetUtcNow().UtcDateTime, longest, ModelState, out var span))
        {
            Read = span;
            Changes = await db.ShiftChangesAsync(prison.Id, PrisonScope.Of(User).PrisonIds, span.FromUtc, span.ToUtc, span.BecameBefore, span.EndedBefore, cancellationToken);
            db.AuditEntries.Add(AuditEntry.ShiftChangesViewed(
                $"{prison.Code} from {time.WithSeconds(span.FromUtc)} to {time.WithSeconds(span.ToUtc)}", Changes.BecameDangerous.Count + Changes.NoLongerDangerous.Count).Concerning([prison.Id]));
            await db.SaveChangesAsync(cancellationToken);
        }

        return Page();
    }

    /// <summary>
    /// Both groups of the span, whole, as a CSV file: the same prison within the user's reach and the same span as the
    /// page, every change rather than a page of each, read as it is written. A span that cannot be read shows the page
    /// with its errors.
    /// </summary>
    public IActionResult OnGetCsv()
    {
        var prison = Prison;
        if (!Span.TryValidate(clock.GetUtcNow().UtcDateTime, longest, ModelState, out var span))
        {
            Response.StatusCode = StatusCodes.Status400BadRequest;
            return Page();
        }

        var fileName = $"{prison.Code}-since-last-shift-{FileTime(span.FromUtc)}-to-{FileTime(span.ToUtc)}.csv";
        return new CsvDownload<ShiftChange>(
            fileName,
            $"since last shift at {prison.Code} from {time.WithSeconds(span.FromUtc)} to {time.WithSeconds(span.ToUtc)}",
            ShiftChangeColumns.Of(titles, time),
            db.EveryShiftChange(prison.Id, PrisonScope.Of(User).PrisonIds, span.FromUtc, span.ToUtc),
            prison.Id);
    }

    /// <summary>This span, both groups whole, as a CSV file.</summary>
    public string CsvLink()
    {
        var query = Query(null, null);
        query["handler"] = "csv";
        return Link(query);
    }

    /// <summary>This page of this prison with the given query (a span and its cursors).</summary>
    public string Link(IReadOnlyDictionary<string, string> query) =>
        $"/prisons/{Uri.EscapeDataString(Prison.Code)}/since-last-shift{QueryString.Create(query!)}";

    /// <summary>The query of this span with the given cursors.</summary>
    public Dictionary<string, string> Query(HistoryCursor? became, HistoryCursor? ended) => Span.RouteValues(calendar.TimeZone, became, ended);

    /// <summary>What an end field shows: what was typed when it could not be read, else the instant read, in the prison's time.</summary>
    public string? Shown(string field, DateTime? utc) =>
        ModelState.TryGetValue(field, out var state) && state.Errors.Count > 0 ? state.AttemptedValue
            : utc is { } instant ? PrisonLocalTimeModelBinder.Shown(instant, calendar.TimeZone) : null;

    public string? Error(string field) => ModelState.ErrorOf(field);

    public string? Invalid(string field) => ModelState.InvalidOf(field);

    private string FileTime(DateTime utc) => PrisonLocalTimeModelBinder.Shown(utc, calendar.TimeZone).Replace(":", string.Empty, StringComparison.Ordinal);

    /// <summary>The reasons a row gives: the rules of the new verdict for a prisoner who became Dangerous, the rules that went for one who no longer is.</summary>
    public string Reasons(VerdictChange change) =>
        string.Join("; ", (change.ToStatus == DangerStatus.Dangerous ? change.Reasons : change.Went).Select(code => titles[code]));
}
