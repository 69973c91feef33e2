using Microsoft.EntityFrameworkCore;
using Prison.Db;
using Prison.Domain;
using Prison.Runtime.Messaging;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>
/// The one save-and-publish of a recording form, for the recording page and the API alike: the form's one aggregate
/// call (<see cref="RecordForm.Apply"/>), then the save of the change with its once-only marker (the page's one-time
/// token, the API's Idempotency-Key) in one transaction, then <c>PrisonerChanged</c> published once committed. A
/// refusal by the aggregate, or a save that clashed, leaves nothing saved and the context empty.
/// </summary>
public sealed class RecordSave(PrisonDb db, ChangePublisher publisher)
{
    /// <param name="once">The marker inserted with the entry, made from what the form says it recorded.</param>
    public async Task<RecordSaveOutcome> SaveAsync(RecordForm form, Func<string, object> once, CancellationToken cancellationToken)
    {
        string saved;
        try
        {
            saved = form.Apply();
        }
        catch (RecordRefusedException refused)
        {
            // Only the record's own refusals are told: any other exception is a bug, for the error page and the log.
            db.ChangeTracker.Clear();
            return new RecordSaveOutcome(RecordSaveResult.Refused, $"Not saved: {refused.Message}");
        }

        db.Add(once(saved));
        try
        {
            var changes = await db.SaveRecordChangesAsync(cancellationToken);
            await publisher.PublishAsync(changes, cancellationToken);
            return new RecordSaveOutcome(RecordSaveResult.Saved, saved);
        }
        catch (DbUpdateException clash)
        {
            // Another post with the same marker may have committed first (a double click, a retry): the caller looks.
            db.ChangeTracker.Clear();
            return clash is DbUpdateConcurrencyException
                ? new RecordSaveOutcome(RecordSaveResult.ChangedMeanwhile, "Someone else changed this record at the same moment, so nothing was saved. Check the record and submit again.")
                : new RecordSaveOutcome(RecordSaveResult.Clashed, "The record could not take this entry, so nothing was saved. Check the record and submit again.");
        }
    }
}
