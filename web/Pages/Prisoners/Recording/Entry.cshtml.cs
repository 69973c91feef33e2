using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Microsoft.EntityFrameworkCore;
using Prison.Db;
using Prison.Db.Reads;
using Prison.Domain;
using Prison.Domain.Evaluation;
using Prison.Web.Status;
using Prison.Worker.Messaging;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>
/// One page for every kind of record entry: /prisoners/{number}/record/{kind} shows the kind's form and records
/// it through the aggregate, then publishes the change once committed, as the notice form does.
/// </summary>
public sealed class EntryModel(PrisonDb db, PrisonDirectory directory, PrisonCalendar calendar, TimeProvider clock, ChangePublisher publisher) : PageModel
{
    public Prisoner Prisoner { get; private set; } = null!;

    public RecordForm Form { get; private set; } = null!;

    public IReadOnlyList<FormField> Fields { get; private set; } = [];

    public IReadOnlyDictionary<string, string?> Values { get; private set; } = new Dictionary<string, string?>();

    public async Task<IActionResult> OnGetAsync(string number, string kind, CancellationToken cancellationToken)
    {
        if (!await LoadAsync(number, kind, cancellationToken))
        {
            return NotFound();
        }

        // A link may name the entry to end or strike out, or any other field, in its query string.
        Values = Fields.ToDictionary(f => f.Name, f => Request.Query.TryGetValue(f.Name, out var given) ? (string?)given.ToString() : Initial(f));
        return Page();
    }

    public async Task<IActionResult> OnPostAsync(string number, string kind, CancellationToken cancellationToken)
    {
        if (!await LoadAsync(number, kind, cancellationToken))
        {
            return NotFound();
        }

        Values = Fields.ToDictionary(f => f.Name, f => Request.Form.TryGetValue(f.Name, out var typed) ? (string?)typed.ToString() : null);
        string? saved;
        try
        {
            saved = Form.Apply(Prisoner, new RecordInput(Values, ModelState, Context.Today), Context);
        }
        catch (Exception refused) when (refused is InvalidOperationException or ArgumentException or KeyNotFoundException)
        {
            return await RefuseAsync(number, kind, $"Not saved: {Sentence(refused)}", cancellationToken);
        }

        if (saved is null)
        {
            return Page();
        }

        try
        {
            var changes = await db.SaveRecordChangesAsync(cancellationToken);
            await publisher.PublishAsync(changes, cancellationToken);
        }
        catch (DbUpdateException clash)
        {
            return await RefuseAsync(
                number,
                kind,
                clash is DbUpdateConcurrencyException
                    ? "Someone else changed this record at the same moment, so nothing was saved. Check the record and submit again."
                    : "The record could not take this entry, so nothing was saved. Check the record and submit again.",
                cancellationToken);
        }

        TempData["Saved"] = $"{saved} The danger status is being evaluated again.";
        return RedirectToPage("/Prisoners/Details", new { number });
    }

    public RecordContext Context { get; private set; } = null!;

    public string? ErrorOf(string field) =>
        ModelState.TryGetValue(field, out var entry) && entry.Errors.Count > 0 ? entry.Errors[0].ErrorMessage : null;

    public string? ValueOf(string field) => Values.GetValueOrDefault(field);

    private static string? Initial(FormField field) => field.Initial;

    /// <summary>The aggregate's message without the parameter name .NET appends to argument exceptions.</summary>
    private static string Sentence(Exception refused) =>
        refused is ArgumentException { ParamName: { } name } argument ? argument.Message.Replace($" (Parameter '{name}')", string.Empty, StringComparison.Ordinal) : refused.Message;

    private async Task<IActionResult> RefuseAsync(string number, string kind, string message, CancellationToken cancellationToken)
    {
        // Whatever the aggregate changed in memory before refusing is dropped: the form shows the record as stored.
        db.ChangeTracker.Clear();
        await LoadAsync(number, kind, cancellationToken);
        ModelState.AddModelError(string.Empty, message);
        return Page();
    }

    private async Task<bool> LoadAsync(string number, string kind, CancellationToken cancellationToken)
    {
        if (RecordForms.Find(kind) is not { } form || await db.LoadForChangeAsync(number, cancellationToken) is not { } prisoner)
        {
            return false;
        }

        var now = clock.GetUtcNow().UtcDateTime;
        Form = form;
        Prisoner = prisoner;
        Context = new RecordContext(calendar.Today(now), now, db.ActorName, await directory.AllAsync(cancellationToken));
        Fields = form.Fields(prisoner, Context);
        return true;
    }
}
