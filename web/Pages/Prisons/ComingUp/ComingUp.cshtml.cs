using System.ComponentModel.DataAnnotations;
using System.Globalization;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Prison.Db;
using Prison.Db.Audit;
using Prison.Db.Reads;
using Prison.Db.Writes;
using Prison.Domain;
using Prison.Domain.Evaluation;
using Prison.Web.Downloads;
using Prison.Web.Forms;
using Prison.Web.SignIn;
using Prison.Web.Pages.Shared;
using Prison.Web.Wording;

namespace Prison.Web.Pages.Prisons.ComingUp;

/// <summary>
/// Who, among a prison's current prisoners, becomes Dangerous or stops being Dangerous within the next days, earliest
/// first: the forecasts the worker stored with each verdict. One statement a page, which checks the user's prisons
/// itself (<see cref="ComingUpReads.ComingUpAsync"/>), keyset paging, and the insert of its audit entry.
/// </summary>
public sealed class ComingUpModel(PrisonDb db, PrisonDirectory directory, RuleTitles titles, TimeProvider clock, PrisonTime time) : PageModel, IPrisonPage
{
    /// <summary>The worker forecasts no further than this.</summary>
    public const int MostDays = Forecast.HorizonDays;

    /// <summary>How many days ahead; a week unless asked.</summary>
    [BindProperty(SupportsGet = true, Name = "days")]
    [Range(1, MostDays, ErrorMessage = "That is not a number of days from {1} to {2}: the worker looks {2} days ahead at most.")]
    [Unreadable("'{0}' is not a number of days.")]
    public int? DaysAsked { get; set; }

    /// <summary>Where the page before this one ended; null for the first page.</summary>
    [BindProperty(SupportsGet = true, Name = "after")]
    [Unreadable("'{0}' is not where a page of this list ends. Start again from the first page.")]
    public ComingUpCursor? After { get; set; }

    public PrisonFacility Prison { get; set; } = null!;

    public int Days => DaysAsked ?? ComingUpWindow.DefaultDays;

    public DateTime UntilUtc { get; private set; }

    public bool IsFirstPage => After is null;

    public ComingUpPage Listed { get; private set; } = new([], null);

    public PrisonTime Time => time;

    private IReadOnlyList<PrisonFacility> prisons = [];

    public static string PathOf(string prisonCode, int days = ComingUpWindow.DefaultDays, ComingUpCursor? after = null)
    {
        var query = new List<string>();
        if (days != ComingUpWindow.DefaultDays)
        {
            query.Add($"days={days.ToString(CultureInfo.InvariantCulture)}");
        }

        if (after is not null)
        {
            query.Add($"after={Uri.EscapeDataString(after.ToString())}");
        }

        return $"/prisons/{Uri.EscapeDataString(prisonCode)}/coming-up" + (query.Count == 0 ? "" : "?" + string.Join('&', query));
    }

    public async Task<IActionResult> OnGetAsync(CancellationToken cancellationToken)
    {
        var scope = PrisonScope.Of(User);
        var prison = Prison;
        UntilUtc = clock.GetUtcNow().UtcDateTime.AddDays(Days);
        prisons = await directory.AllAsync(cancellationToken);
        Listed = await db.ComingUpAsync(prison.Id, scope.PrisonIds, UntilUtc, After, cancellationToken: cancellationToken);
        db.AuditEntries.Add(AuditEntry.PrisonersListed(ListName, IsFirstPage, Listed.Rows.Count).Concerning([Prison.Id]));
        await db.SaveChangesAsync(cancellationToken);
        return Page();
    }

    /// <summary>The whole list for the days asked as a CSV file: the same prison within reach, the same rows in the same order, read as they are written.</summary>
    public async Task<IActionResult> OnGetCsvAsync(CancellationToken cancellationToken)
    {
        var scope = PrisonScope.Of(User);
        var prison = Prison;
        UntilUtc = clock.GetUtcNow().UtcDateTime.AddDays(Days);
        prisons = await directory.AllAsync(cancellationToken);
        return new CsvDownload<ComingUpRow>(
            $"{prison.Code}-coming-up-{Days.ToString(CultureInfo.InvariantCulture)}-days.csv",
            ListName,
            ComingUpColumns.Of(time, Rules),
            db.EveryComingUp(prison.Id, scope.PrisonIds, UntilUtc),
            prison.Id);
    }

    public string Link(int days, ComingUpCursor? after = null) => PathOf(Prison.Code, days, after);

    public string CsvLink() => PathOf(Prison.Code, Days) is var path && path.Contains('?', StringComparison.Ordinal) ? $"{path}&handler=csv" : $"{path}?handler=csv";

    /// <summary>The rules that come or go, each with its facts as the prisoner page words them: "Court hearing within 14 days: hearing at … on 2026-12-03".</summary>
    public IReadOnlyList<string> Rules(IReadOnlyList<RuleFacts> rules) =>
        [.. rules.Select(r => r.Facts.Count == 0
            ? titles[r.Code]
            : $"{titles[r.Code]}: {string.Join("; ", r.Facts.Select(fact => RecordWords.Fact(fact, NameOfPrison)))}")];

    public static string Count(int days) => days == 1 ? "1 day" : $"{days} days";

    /// <summary>Which list, in words, for the audit log.</summary>
    private string ListName => $"the prisoners coming up at {Prison.Code} within {Count(Days)}";

    private string NameOfPrison(int id) => prisons.FirstOrDefault(p => p.Id == id)?.Name ?? $"prison {id}";
}
