using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.Logging;
using Prison.Db;
using Prison.Db.History;
using Prison.Db.Import;
using Prison.Db.Reads;
using Prison.Domain;
using Prison.Domain.Record;
using Prison.Runtime.Messaging;

namespace Prison.Worker.Import;

/// <summary>
/// Undoes an imported day and every day imported after it, the last first, through the Prisoner aggregate like any
/// change; can be run again after stopping half-way (docs/importing.md, "Undoing days: import revert").
/// </summary>
public sealed class ImportedDaysRevert(Func<PrisonDb> openDb, ChangePublisher publisher, ILogger<ImportedDaysRevert> logger, TimeProvider clock)
{
    // Another writer (staff recording an event) changed a prisoner of the batch since it was loaded: load it again.
    private const int Attempts = 3;

    public int BatchSize { get; init; } = CustodyImporter.DefaultBatchSize;

    public static string StrikeReason(DateOnly day) => $"import of {day:yyyy-MM-dd} reverted";

    /// <summary>Reverts <paramref name="from"/> and every later imported day; what each undid, in date order.</summary>
    public async Task<IReadOnlyList<RevertedDay>> RevertAsync(DateOnly from, CancellationToken cancellationToken = default)
    {
        SortedDictionary<DateOnly, RevertedDay> reverted;
        List<string> inmateIds;
        await using (var db = openDb())
        {
            var days = await db.ImportedDays.Where(d => d.Day >= from).Select(d => new { d.Day, d.FileName }).ToListAsync(cancellationToken);
            var changes = db.Set<ImportedInmateChange>().Where(c => c.Day >= from);
            var interrupted = await changes.Select(c => c.Day).Distinct().ToListAsync(cancellationToken);
            reverted = new(days.ToDictionary(d => d.Day, d => new RevertedDay(d.Day, d.FileName)));
            foreach (var day in interrupted.Where(d => !reverted.ContainsKey(d)))
            {
                reverted[day] = new RevertedDay(day, null);
            }

            if (!reverted.ContainsKey(from))
            {
                throw new ImportRevertRefusedException(await NotImportedAsync(db, from, cancellationToken));
            }

            inmateIds = await changes.Select(c => c.InmateId).Distinct().OrderBy(i => i).ToListAsync(cancellationToken);
        }

        foreach (var batch in inmateIds.Chunk(BatchSize))
        {
            await RevertBatchAsync(from, batch, reverted, cancellationToken);
        }

        await using (var db = openDb())
        {
            await db.ImportedDays.Where(d => d.Day >= from).ExecuteDeleteAsync(cancellationToken);
        }

        return [.. reverted.Values];
    }

    private static async Task<string> NotImportedAsync(PrisonDb db, DateOnly from, CancellationToken cancellationToken)
    {
        var imported = await db.ImportedDays.OrderBy(d => d.Day).Select(d => d.Day).ToListAsync(cancellationToken);
        return imported.Count == 0
            ? $"{from:yyyy-MM-dd} was not imported: no day is."
            : $"{from:yyyy-MM-dd} was not imported: the days imported are {imported.Count} from {imported[0]:yyyy-MM-dd} to {imported[^1]:yyyy-MM-dd}; name one of them.";
    }

    /// <summary>Reverts the inmates of one batch in one transaction; adds what it undid to <paramref name="reverted"/> once committed.</summary>
    private async Task RevertBatchAsync(DateOnly from, string[] batch, SortedDictionary<DateOnly, RevertedDay> reverted, CancellationToken cancellationToken)
    {
        for (var attempt = 1; ; attempt++)
        {
            var undone = reverted.Keys.ToDictionary(d => d, d => new RevertedDay(d, null));
            await using var db = openDb();
            db.RecordChangeCause = VerdictCause.Import($"import of {from:yyyy-MM-dd} and later reverted");
            try
            {
                var journal = await db.Set<ImportedInmateChange>().Include(c => c.Entries)
                    .Where(c => c.Day >= from && batch.Contains(c.InmateId))
                    .ToListAsync(cancellationToken);
                var known = await db.CustodyInmates.Where(c => batch.Contains(c.InmateId)).ToDictionaryAsync(c => c.InmateId, StringComparer.Ordinal, cancellationToken);
                var prisonerIds = known.Values.Select(k => k.PrisonerId).ToList();
                var prisoners = (await db.LoadPrisonersAsync(prisonerIds, Tracking.Tracked, cancellationToken)).ToDictionary(p => p.Id);
                var strikeAt = clock.GetUtcNow().UtcDateTime;
                foreach (var changes in journal.GroupBy(c => c.InmateId, StringComparer.Ordinal))
                {
                    var inmate = known[changes.Key];
                    Revert(prisoners[inmate.PrisonerId], inmate, [.. changes.OrderByDescending(c => c.Day)], (strikeAt, db.ActorName), undone);
                    db.RemoveRange(changes);
                }

                var saved = await db.SaveRecordChangesAsync(cancellationToken);
                await publisher.PublishAsync(saved, cancellationToken);
                foreach (var (day, counts) in undone)
                {
                    var total = reverted[day];
                    (total.Inmates, total.StruckOut, total.Reopened, total.ConvictionsTakenBack) =
                        (total.Inmates + counts.Inmates, total.StruckOut + counts.StruckOut, total.Reopened + counts.Reopened, total.ConvictionsTakenBack + counts.ConvictionsTakenBack);
                }

                return;
            }
            catch (DbUpdateConcurrencyException) when (attempt < Attempts)
            {
                logger.LogInformation("A prisoner of a revert batch changed meanwhile; reverting the batch again (attempt {Attempt}).", attempt + 1);
            }
        }
    }

    /// <summary>Undoes one inmate's changes, the last day's first and each day's last change first.</summary>
    /// <param name="changes">The inmate's changes of the reverted days, the latest day first.</param>
    private static void Revert(Prisoner prisoner, CustodyInmate inmate, IReadOnlyList<ImportedInmateChange> changes, (DateTime AtUtc, string By) strike, Dictionary<DateOnly, RevertedDay> undone)
    {
        // An entry the reverted days added is struck out; what they did to it before is not worth undoing first.
        var added = changes.SelectMany(c => c.Entries).Where(e => e.Change == EntryChange.Added).Select(e => e.EntryId).ToHashSet();
        try
        {
            foreach (var change in changes)
            {
                var counts = undone[change.Day];
                counts.Inmates++;
                foreach (var step in change.Entries.OrderByDescending(e => e.Step))
                {
                    var entry = prisoner.EntriesIncludingStruck().FirstOrDefault(e => e.Id == step.EntryId);
                    if (entry is null or { IsStruck: true })
                    {
                        continue;
                    }

                    switch (step.Change)
                    {
                        case EntryChange.Added:
                            prisoner.StrikeOut(entry.Id, new Strike(strike.AtUtc, strike.By, StrikeReason(change.Day)));
                            counts.StruckOut++;
                            break;
                        case EntryChange.Ended when !added.Contains(entry.Id) && IsEnded(entry):
                            prisoner.Reopen(entry.Id);
                            counts.Reopened++;
                            break;
                        case EntryChange.Convicted when !added.Contains(entry.Id) && entry is Charge { Outcome: ChargeOutcome.Convicted }:
                            prisoner.ConcludeCharge(entry.Id, ChargeOutcome.Pending);
                            counts.ConvictionsTakenBack++;
                            break;
                    }
                }
            }

            var before = changes[^1];
            before.PutBack(inmate);
            if (!before.MetFirst)
            {
                if (before.LegalStatus is { } status && prisoner.LegalStatus != status)
                {
                    prisoner.ChangeLegalStatus(status);
                }

                if (prisoner.SecurityCategory != before.SecurityCategory)
                {
                    prisoner.ChangeSecurityCategory(before.SecurityCategory);
                }
            }
        }
        catch (RecordRefusedException refused)
        {
            throw new ImportRevertRefusedException(
                $"The record of prisoner {prisoner.Number} cannot be reverted: {refused.Message} The days are still imported; " +
                "once the record is put right, run the revert again to finish it.");
        }
    }

    /// <summary>Whether the end the import recorded is still there to take back (staff may have taken it back already).</summary>
    private static bool IsEnded(Entry entry) => entry switch
    {
        Stay stay => stay.LeftOn is not null,
        Charge charge => charge.IsSuperseded,
        SelfHarmWatch watch => watch.Period.End is not null,
        ThreatGroupMembership membership => membership.Period.End is not null,
        _ => false,
    };
}
