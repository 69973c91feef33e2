using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Prison.Db;
using Prison.Db.Audit;
using Prison.Db.Reads;
using Prison.Db.Writes;
using Prison.Domain;
using Prison.Web.SignIn;
using Prison.Web.Status;

namespace Prison.Web.Pages.Prisons;

/// <summary>
/// Who, among a prison's current prisoners, becomes Dangerous or stops being Dangerous within the next days (a week
/// unless asked, up to the worker's horizon), earliest first: the forecasts the worker stored with each verdict. One
/// statement a page (<see cref="ComingUpReads.ComingUpAsync"/>, which checks the user's prisons itself), keyset
/// paging, and the insert of its audit entry.
/// </summary>
public sealed class ComingUpModel(PrisonDb db, PrisonDirectory directory, RuleTitles titles, TimeProvider clock, PrisonTime time) : PageModel
{
    [BindProperty(SupportsGet = true)]
    public ComingUpForm Asked { get; set; } = new();

    public PrisonFacility Prison { get; private set; } = null!;

    public int Days { get; private set; } = ComingUpForm.DefaultDays;

    public DateTime UntilUtc { get; private set; }

    public bool IsFirstPage { get; private set; } = true;

    public ComingUpPage Listed { get; private set; } = new([], null);

    /// <summary>Why the request was refused, shown instead of a list.</summary>
    public string? Refusal { get; private set; }

    public PrisonTime Time => time;

    private IReadOnlyList<PrisonFacility> prisons = [];

    public static string PathOf(string prisonCode) => ComingUpForm.PathOf(prisonCode);

    public async Task<IActionResult> OnGetAsync(string code, CancellationToken cancellationToken)
    {
        var scope = PrisonScope.Of(User);
        if (await directory.FindAsync(code, scope, cancellationToken) is not { } prison)
        {
            await OutOfReachAudit.PrisonAsync(HttpContext, code, cancellationToken);
            return NotFound();
        }

        Prison = prison;
        if (!Asked.TryRead(out var days, out var after, out var refusal))
        {
            Refusal = refusal;
            Response.StatusCode = StatusCodes.Status400BadRequest;
            return Page();
        }

        Days = days;
        IsFirstPage = after is null;
        UntilUtc = clock.GetUtcNow().UtcDateTime.AddDays(days);
        prisons = await directory.AllAsync(cancellationToken);
        Listed = await db.ComingUpAsync(prison.Id, scope.PrisonIds, UntilUtc, after, cancellationToken: cancellationToken);
        db.AuditEntries.Add(AuditEntry.PrisonersListed($"the prisoners coming up at {prison.Code} within {Count(days)}", IsFirstPage, Listed.Rows.Count));
        await db.SaveChangesAsync(cancellationToken);
        return Page();
    }

    public string Link(int days, ComingUpCursor? after = null) => ComingUpForm.PathOf(Prison.Code, days, after);

    /// <summary>The rules that come or go, each with its facts as the prisoner page words them: "Court hearing within 14 days: hearing at … on 2026-12-03".</summary>
    public IReadOnlyList<string> Rules(IReadOnlyList<RuleFacts> rules) =>
        [.. rules.Select(r => r.Facts.Count == 0
            ? titles[r.Code]
            : $"{titles[r.Code]}: {string.Join("; ", r.Facts.Select(fact => RecordWords.Fact(fact, NameOfPrison)))}")];

    public static string Count(int days) => days == 1 ? "1 day" : $"{days} days";

    private string NameOfPrison(int id) => prisons.FirstOrDefault(p => p.Id == id)?.Name ?? $"prison {id}";
}
