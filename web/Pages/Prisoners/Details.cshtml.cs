using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Prison.Db;
using Prison.Db.Audit;
using Prison.Db.History;
using Prison.Db.Mappings;
using Prison.Db.Reads;
using Prison.Db.Writes;
using Prison.Domain;
using Prison.Domain.Evaluation;
using Prison.Domain.Record;
using Prison.Web.Pages.Prisoners.Recording;
using Prison.Web.SignIn;
using Prison.Web.Pages.Shared;
using Prison.Web.Wording;

namespace Prison.Web.Pages.Prisoners;

public sealed class DetailsModel(
    PrisonDb db, PrisonDirectory directory, RuleTitles titles, RuleSet ruleSet, PrisonCalendar calendar, TimeProvider clock, PrisonTime time) : PageModel
{
    private IReadOnlyList<PrisonFacility> prisons = [];

    public Prisoner Prisoner { get; private set; } = null!;

    /// <summary>The name of the prison the prisoner is held at, or null when not in custody.</summary>
    public string? HeldAt { get; private set; }

    /// <summary>The verdict block, as the verdict poll (<see cref="VerdictPoll"/>) answers it too.</summary>
    public VerdictBlock Verdict { get; private set; } = null!;

    public PrisonerHistory History { get; private set; } = new([], false);

    public RuleTitles Titles => titles;

    public PrisonTime Time => time;

    public DateOnly Today => calendar.Today(clock.GetUtcNow().UtcDateTime);

    /// <summary>The disciplinary notice's form, which posts to its recording page like every other form.</summary>
    public EntryFormView Notice { get; private set; } = null!;

    [TempData]
    public string? Saved { get; set; }

    public async Task<IActionResult> OnGetAsync(string number, CancellationToken cancellationToken)
    {
        if (!await LoadAsync(number, cancellationToken))
        {
            return NotFound();
        }

        var notice = new DisciplinaryNoticeEntry().For(Prisoner, new RecordContext(Today, clock.GetUtcNow().UtcDateTime, db.ActorName, prisons, PrisonScope.Of(User).Within(prisons)));
        var fields = notice.Fields();
        Notice = new EntryFormView(
            EntryFormView.PathOf(Prisoner.Number, notice.Kind), notice.Button, fields, fields.ToDictionary(f => f.Name, f => f.Initial), new ModelStateDictionary(), Guid.NewGuid());
        db.AuditEntries.Add(AuditEntry.PrisonerViewed(Prisoner.Id, Prisoner.Number));
        await db.SaveChangesAsync(cancellationToken);
        return Page();
    }

    /// <summary>An entry as staff say it: a stay with its prison's name, not its number.</summary>
    public string Describe(Entry entry) => RecordWords.Of(entry, NameOfPrison);

    /// <summary>A fact a rule fired on, with the prisons it mentions named.</summary>
    public string Fact(string fact) => RecordWords.Fact(fact, NameOfPrison);

    public string NameOfPrison(int id) => prisons.FirstOrDefault(p => p.Id == id)?.Name ?? $"prison {id}";

    public string NameOfPrison(int? id) => id is { } known ? NameOfPrison(known) : "not in custody";

    private async Task<bool> LoadAsync(string number, CancellationToken cancellationToken)
    {
        // A prisoner out of the user's reach is not found, as one that does not exist; the refusal is audited, no view.
        if (await db.LoadPrisonerAsync(number, Tracking.Tracked, cancellationToken) is not { } prisoner)
        {
            return false;
        }

        if (!PrisonScope.Of(User).Reaches(prisoner))
        {
            await OutOfReachAudit.PrisonerAsync(HttpContext, prisoner, cancellationToken);
            return false;
        }

        Prisoner = prisoner;
        prisons = await directory.AllAsync(cancellationToken);
        Verdict = VerdictBlock.Of(
            new StoredVerdict(
                prisoner.DangerStatus,
                RuleFacts.FromJson(db.Entry(prisoner).Property<string>(PrisonerConfiguration.DangerFacts).CurrentValue),
                prisoner.EvaluatedAtUtc,
                prisoner.ReevaluateAtUtc,
                prisoner.RuleSet),
            ruleSet.Id,
            titles,
            time,
            NameOfPrison);
        HeldAt = prisoner.CurrentStay is { } stay ? NameOfPrison(stay.PrisonId) : null;
        History = await db.VerdictHistoryAsync(prisoner.Id, cancellationToken);
        return true;
    }
}
