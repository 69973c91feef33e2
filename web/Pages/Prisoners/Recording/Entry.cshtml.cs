using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Microsoft.EntityFrameworkCore;
using Prison.Db;
using Prison.Db.Forms;
using Prison.Db.Reads;
using Prison.Domain;
using Prison.Domain.Evaluation;
using Prison.Web.SignIn;
using Prison.Web.Pages.Shared;
using Prison.Runtime.Messaging;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>
/// One page for every kind of record entry, the disciplinary notice included: /prisoners/{number}/record/{kind} shows
/// the kind's form, binds and checks what was posted (<see cref="RecordForm"/>), records it through the aggregate, and
/// publishes the change once committed. Each rendering of a form carries a one-time token, saved with the entry in
/// the same transaction under a primary key: the same form posted twice saves once, and the second post is told so.
/// A prisoner out of the user's reach (<see cref="PrisonScope"/>) is not found, for showing and for posting alike.
/// </summary>
public sealed class EntryModel(PrisonDb db, PrisonDirectory directory, PrisonCalendar calendar, TimeProvider clock, RecordSave save) : PageModel
{
    public const string AlreadySaved = "This form was saved already, so it was not saved again. The record below shows it.";

    public Prisoner Prisoner { get; private set; } = null!;

    public RecordForm Form { get; private set; } = null!;

    public EntryFormView View { get; private set; } = null!;

    /// <summary>The one-time token of the form as posted (hidden field), or of the form about to be shown.</summary>
    [BindProperty(Name = EntryFormView.SubmissionField)]
    public Guid? Submission { get; set; }

    public async Task<IActionResult> OnGetAsync(string number, string kind, CancellationToken cancellationToken)
    {
        if (!await LoadAsync(number, kind, cancellationToken))
        {
            return NotFound();
        }

        // A link may name the entry to end or strike out, or any other field, in its query string.
        Show(Form.Fields().ToDictionary(f => f.Name, f => Request.Query.TryGetValue(f.Name, out var given) ? (string?)given.ToString() : f.Initial), Guid.NewGuid());
        return Page();
    }

    public async Task<IActionResult> OnPostAsync(string number, string kind, CancellationToken cancellationToken)
    {
        if (Submission is not { } token || ModelState.GetFieldValidationState(EntryFormView.SubmissionField) == ModelValidationState.Invalid)
        {
            ModelState.Remove(EntryFormView.SubmissionField);
            ModelState.AddModelError(string.Empty, "This form did not come whole from its page, so nothing was saved. Check it and submit it again.");
            token = Guid.NewGuid();
        }
        else if (await WasSavedAsync(token, cancellationToken))
        {
            return await SavedAlreadyAsync(number, cancellationToken);
        }

        if (!await LoadAsync(number, kind, cancellationToken))
        {
            return NotFound();
        }

        await TryUpdateModelAsync(Form, Form.GetType(), string.Empty, new FormValueProvider(BindingSource.Form, Request.Form, System.Globalization.CultureInfo.InvariantCulture), _ => true);
        Form.Validate(ModelState);
        Show(Posted(), token);
        if (!ModelState.IsValid)
        {
            return Page();
        }

        var outcome = await save.SaveAsync(Form, _ => new FormSubmission(token, Prisoner.Id, Form.Kind, clock.GetUtcNow().UtcDateTime), cancellationToken);
        if (outcome.Result is RecordSaveResult.ChangedMeanwhile or RecordSaveResult.Clashed && await WasSavedAsync(token, cancellationToken))
        {
            // Another post of this very form committed first (a double click): then it is saved, once.
            return await SavedAlreadyAsync(number, cancellationToken);
        }

        if (outcome.Result != RecordSaveResult.Saved)
        {
            return await RefuseAsync(number, kind, token, outcome.Message, cancellationToken);
        }

        return Saved(Prisoner, $"{outcome.Message} The danger status is being evaluated again.");
    }

    private Task<bool> WasSavedAsync(Guid token, CancellationToken cancellationToken) =>
        db.FormSubmissions.AnyAsync(s => s.Token == token, cancellationToken);

    /// <summary>
    /// Back to the prisoner's page with what was saved; to the start page when the entry took the prisoner out of the
    /// user's reach (a transfer to a prison that is not theirs, a release), whose page would now answer 404.
    /// </summary>
    private IActionResult Saved(Prisoner? prisoner, string message)
    {
        if (prisoner is not null && PrisonScope.Of(User).Reaches(prisoner))
        {
            TempData["Saved"] = message;
            return RedirectToPage("/Prisoners/Details", new { number = prisoner.Number });
        }

        TempData["Saved"] = prisoner is null ? message : $"{message} {prisoner.Number} is no longer held at a prison of yours, so their page is closed to you.";
        return Redirect("/");
    }

    /// <summary>A form saved by an earlier post: the prisoner as stored now says where to go.</summary>
    private async Task<IActionResult> SavedAlreadyAsync(string number, CancellationToken cancellationToken) =>
        Saved(await db.LoadPrisonerAsync(number, Tracking.Tracked, cancellationToken), AlreadySaved);

    /// <summary>What was posted for each field, exactly as typed, for the form shown again.</summary>
    private Dictionary<string, string?> Posted() =>
        Form.Fields().ToDictionary(f => f.Name, f => ModelState.TryGetValue(f.Name, out var entry) ? entry.AttemptedValue : Request.Form[f.Name].FirstOrDefault());

    private void Show(IReadOnlyDictionary<string, string?> values, Guid token)
    {
        Submission = token;
        View = new EntryFormView(EntryFormView.PathOf(Prisoner.Number, Form.Kind), Form.Button, Form.Fields(), values, ModelState, token);
    }

    private async Task<IActionResult> RefuseAsync(string number, string kind, Guid token, string message, CancellationToken cancellationToken)
    {
        // Whatever the aggregate changed in memory before refusing is dropped: the form shows the record as stored,
        // and what was typed.
        var typed = Posted();
        db.ChangeTracker.Clear();
        if (!await LoadAsync(number, kind, cancellationToken))
        {
            return NotFound();
        }

        ModelState.AddModelError(string.Empty, message);
        Show(typed, token);
        return Page();
    }

    private async Task<bool> LoadAsync(string number, string kind, CancellationToken cancellationToken)
    {
        var scope = PrisonScope.Of(User);
        if (RecordForms.New(kind) is not { } form || await db.LoadPrisonerAsync(number, Tracking.Tracked, cancellationToken) is not { } prisoner)
        {
            return false;
        }

        if (!scope.Reaches(prisoner))
        {
            await OutOfReachAudit.PrisonerAsync(HttpContext, prisoner, cancellationToken);
            return false;
        }

        var now = clock.GetUtcNow().UtcDateTime;
        var prisons = await directory.AllAsync(cancellationToken);
        Prisoner = prisoner;
        Form = form.For(prisoner, new RecordContext(calendar.Today(now), now, db.ActorName, prisons, scope.Within(prisons)));
        return true;
    }
}
