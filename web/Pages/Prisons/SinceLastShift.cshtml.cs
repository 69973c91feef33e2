using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Prison.Db;
using Prison.Db.History;
using Prison.Db.Reads;
using Prison.Domain;
using Prison.Domain.Evaluation;
using Prison.Web.Status;

namespace Prison.Web.Pages.Prisons;

/// <summary>
/// What an officer coming on duty reads first: the prison's prisoners who became Dangerous, and those no longer
/// Dangerous, over the last shift (by default the last twelve hours; any span), newest first, each with the rules and
/// what caused the change. One statement a page (<see cref="VerdictHistoryReads.ShiftChangesAsync"/>).
/// </summary>
public sealed class SinceLastShiftModel(PrisonDb db, PrisonDirectory directory, RuleTitles titles, PrisonCalendar calendar, TimeProvider clock, PrisonTime time) : PageModel
{
    /// <summary>Bound from the query string: from, to, became, ended.</summary>
    [BindProperty(SupportsGet = true)]
    public ShiftSpanForm Span { get; set; } = new();

    public PrisonFacility Prison { get; private set; } = null!;

    /// <summary>Null when the span was refused.</summary>
    public ShiftChanges? Changes { get; private set; }

    public ShiftSpan? Read { get; private set; }

    public RuleTitles Titles => titles;

    /// <summary>The prison's time zone, named beside the times the page shows and reads in it.</summary>
    public PrisonTime Time => time;

    public async Task<IActionResult> OnGetAsync(string code, CancellationToken cancellationToken)
    {
        if (await directory.FindAsync(code, cancellationToken) is not { } prison)
        {
            return NotFound();
        }

        Prison = prison;
        if (Span.TryValidate(calendar, clock.GetUtcNow().UtcDateTime, ModelState, out var span))
        {
            Read = span;
            Changes = await db.ShiftChangesAsync(prison.Id, span.FromUtc, span.ToUtc, span.BecameBefore, span.EndedBefore, cancellationToken);
        }

        return Page();
    }

    /// <summary>This page of this prison with the given query (a span and its cursors).</summary>
    public string Link(IReadOnlyDictionary<string, string> query) =>
        $"/prisons/{Uri.EscapeDataString(Prison.Code)}/since-last-shift{QueryString.Create(query!)}";


    public string? Error(string field) => ModelState.TryGetValue(field, out var state) && state.Errors.Count > 0 ? state.Errors[0].ErrorMessage : null;

    /// <summary>The reasons a row gives: the rules of the new verdict for a prisoner who became Dangerous, the rules that went for one who no longer is.</summary>
    public string Reasons(VerdictChange change) =>
        string.Join("; ", (change.ToStatus == DangerStatus.Dangerous ? change.Reasons : change.Went).Select(code => titles[code]));
}
