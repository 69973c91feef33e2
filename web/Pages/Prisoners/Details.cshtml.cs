using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Microsoft.EntityFrameworkCore;
using Prison.Db;
using Prison.Db.Audit;
using Prison.Db.History;
using Prison.Db.Mappings;
using Prison.Db.Reads;
using Prison.Db.Writes;
using Prison.Domain;
using Prison.Domain.Evaluation;
using Prison.Domain.Record;
using Prison.Web.Status;
using Prison.Worker.Messaging;

namespace Prison.Web.Pages.Prisoners;

public sealed class DetailsModel(
    PrisonDb db, PrisonDirectory directory, RuleTitles titles, RuleSet ruleSet, PrisonCalendar calendar, TimeProvider clock,
    ChangePublisher publisher) : PageModel
{
    public Prisoner Prisoner { get; private set; } = null!;

    public string? PrisonName { get; private set; }

    /// <summary>The verdict block, as the verdict poll (<see cref="VerdictPoll"/>) answers it too.</summary>
    public VerdictBlock Verdict { get; private set; } = null!;

    public PrisonerHistory History { get; private set; } = new([], false);

    /// <summary>The prison's time zone, named beside the times the page shows in it.</summary>
    public string TimeZoneName => calendar.TimeZone.Id;

    public RuleTitles Titles => titles;

    public PrisonCalendar Calendar => calendar;

    public DateOnly Today => calendar.Today(clock.GetUtcNow().UtcDateTime);

    [BindProperty]
    public NoticeForm Notice { get; set; } = new();

    [TempData]
    public string? Saved { get; set; }

    public async Task<IActionResult> OnGetAsync(string number, CancellationToken cancellationToken)
    {
        if (!await LoadAsync(number, cancellationToken))
        {
            return NotFound();
        }

        Notice.Date ??= Today.ToString("yyyy-MM-dd");
        db.AuditEntries.Add(AuditEntry.PrisonerViewed(Prisoner.Id, Prisoner.Number));
        await db.SaveChangesAsync(cancellationToken);
        return Page();
    }

    public async Task<IActionResult> OnPostNoticeAsync(string number, CancellationToken cancellationToken)
    {
        if (!await LoadAsync(number, cancellationToken))
        {
            return NotFound();
        }

        if (!Notice.TryValidate(Today, ModelState, nameof(Notice), out var notice))
        {
            return Page();
        }

        Prisoner.RecordDisciplinaryNotice(notice.Date, notice.Type, notice.Description);
        try
        {
            var changes = await db.SaveRecordChangesAsync(cancellationToken);
            await publisher.PublishAsync(changes, cancellationToken);
        }
        catch (DbUpdateConcurrencyException)
        {
            ModelState.AddModelError(string.Empty, "Someone else changed this record at the same moment, so the notice was not saved. Check the record below and submit again.");
            db.ChangeTracker.Clear();
            await LoadAsync(number, cancellationToken);
            return Page();
        }

        Saved = $"{notice.Type} notice of {notice.Date:yyyy-MM-dd} recorded. The danger status is being evaluated again.";
        return RedirectToPage(new { number });
    }

    /// <summary>The entries of one kind as written, struck out or not; the rules read only those not struck out.</summary>
    public IEnumerable<T> All<T>()
        where T : Entity => Prisoner.EntriesIncludingStruck().OfType<T>();

    public string Local(DateTime? utc) => VerdictBlock.LocalTime(calendar, utc);

    public static IEnumerable<NoticeType> NoticeTypes => Enum.GetValues<NoticeType>();

    /// <summary>A stay as staff say it: with the prison's name, not its number.</summary>
    public string Describe(Imprisonment stay) =>
        $"{Words.Of(stay.ArrivalReason.ToString())} at {PrisonNames.GetValueOrDefault(stay.PrisonId, $"prison {stay.PrisonId}")} on {stay.ArrivalDate:yyyy-MM-dd}"
        + (stay.LeftOn is { } left ? $", left {left:yyyy-MM-dd}" : ", still held")
        + (stay.Sentence is { } sentence ? $"; sentence {sentence}" : "");

    public string PrisonNameOf(int? prisonId) => prisonId is { } id ? PrisonNames.GetValueOrDefault(id, $"prison {id}") : "not in custody";

    private IReadOnlyDictionary<int, string> PrisonNames { get; set; } = new Dictionary<int, string>();

    private async Task<bool> LoadAsync(string number, CancellationToken cancellationToken)
    {
        if (await db.LoadForChangeAsync(number, cancellationToken) is not { } prisoner)
        {
            return false;
        }

        Prisoner = prisoner;
        Verdict = VerdictBlock.Of(
            new StoredVerdict(
                prisoner.DangerStatus,
                RuleFacts.FromJson(db.Entry(prisoner).Property<string>(PrisonerConfiguration.DangerFacts).CurrentValue),
                prisoner.EvaluatedAtUtc,
                prisoner.ReevaluateAtUtc,
                prisoner.RuleSet),
            ruleSet.Id,
            titles,
            calendar);
        PrisonNames = (await directory.AllAsync(cancellationToken)).ToDictionary(p => p.Id, p => p.Name);
        PrisonName = prisoner.CurrentImprisonment is { } stay ? PrisonNames.GetValueOrDefault(stay.PrisonId) : null;
        History = await db.VerdictHistoryAsync(prisoner.Id, cancellationToken);
        return true;
    }
}
