using System.Diagnostics;
using System.Globalization;
using MassTransit;
using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.Logging;
using Prison.Db;
using Prison.Db.History;
using Prison.Db.Import;
using Prison.Db.Reads;
using Prison.Domain;
using Prison.Domain.Messages;
using Prison.Runtime.Messaging;

namespace Prison.Worker.Import;

/// <summary>
/// Replays daily custody files, day after day, as changes to Prisoner aggregates, touching only what differs from each
/// inmate's last imported row (docs/importing.md, "What it does" and "A bad file never releases anyone").
/// </summary>
public sealed class CustodyImporter(Func<PrisonDb> openDb, ChangePublisher publisher, ILogger<CustodyImporter> logger, TimeProvider clock)
{
    public const int DefaultBatchSize = 500;

    /// <summary>The share of the people in custody a day may release: far more than a day of the real files releases.</summary>
    public const double DefaultMaxReleaseShare = 0.10;

    /// <summary>The configuration key of <see cref="MaxReleaseShare"/>.</summary>
    public const string MaxReleaseShareKey = "Import:MaxReleaseShare";

    // Another writer (staff recording an event) changed a prisoner of the batch since it was loaded: load it again.
    private const int Attempts = 3;

    private readonly MadeUpDetails _madeUp = new();

    public int BatchSize { get; init; } = DefaultBatchSize;

    /// <summary>A day releasing more than this share of the people in custody is refused (a file cut short, or only its header).</summary>
    public double MaxReleaseShare { get; init; } = DefaultMaxReleaseShare;

    /// <summary>Imports a day whatever share of the people in custody it releases (the operator checked the file).</summary>
    public bool AllowMassRelease { get; init; }

    /// <summary>Stores each batch's verdicts in the batch's own transaction; without it only the worker evaluates them.</summary>
    public ImportedBatchEvaluation? Evaluation { get; init; }

    /// <summary>
    /// Imports <paramref name="files"/> in date order. Every file's header is checked first: a file without a
    /// required column refuses the whole import (<see cref="CustodyFileRefusedException"/>) before anything changes.
    /// A day refused for releasing too many ends the import: its report says why, and no later day is imported.
    /// </summary>
    public async Task<ImportSummary> ImportAsync(IReadOnlyList<CustodyFile> files, IImportProgress progress, CancellationToken cancellationToken = default)
    {
        var refusals = files
            .Select(f => (File: f, Missing: CustodyFileReader.MissingColumns(f.Path)))
            .Where(f => f.Missing.Count > 0)
            .Select(f => CustodyFileReader.RefusalMessage(f.File.Name, f.Missing))
            .ToList();
        if (refusals.Count > 0)
        {
            throw new CustodyFileRefusedException(string.Join(Environment.NewLine, refusals));
        }

        DateOnly? lastImported;
        await using (var db = openDb())
        {
            lastImported = await db.ImportedDays.MaxAsync(d => (DateOnly?)d.Day, cancellationToken);
        }

        IReadOnlyDictionary<string, int>? prisonIds = null;
        var reports = new List<DayReport>();
        foreach (var file in files.OrderBy(f => f.Day))
        {
            progress.DayStarted(file);
            DayReport report;
            if (lastImported >= file.Day)
            {
                report = DayReport.Skip(file, lastImported == file.Day
                    ? $"{file.Day:yyyy-MM-dd} is imported already"
                    : $"{file.Day:yyyy-MM-dd} is before {lastImported:yyyy-MM-dd}, the last day imported");
            }
            else
            {
                prisonIds ??= await EnsureFacilitiesAsync(cancellationToken);
                report = await ImportDayAsync(file, prisonIds, progress, cancellationToken);
                lastImported = report.Imported ? file.Day : lastImported;
            }

            reports.Add(report);
            progress.DayFinished(report);
            if (report.Refused)
            {
                break;
            }
        }

        return new ImportSummary(reports);
    }

    private async Task<DayReport> ImportDayAsync(CustodyFile file, IReadOnlyDictionary<string, int> prisonIds, IImportProgress progress, CancellationToken cancellationToken)
    {
        var watch = Stopwatch.StartNew();
        var day = CustodyFileReader.Read(file);
        var (work, inCustody, absent) = await WorkOfDayAsync(day, cancellationToken);
        var releasing = day.UnidentifiedRows > 0 ? 0 : absent.Count;
        if (releasing > MaxReleaseShare * inCustody && !AllowMassRelease)
        {
            return DayReport.Refuse(file, day.RowCount, MassReleaseRefusal(file, releasing, inCustody));
        }

        if (releasing > 0)
        {
            work.AddRange(absent.Select(inmateId => new InmateOnDay(inmateId, null)));
        }

        progress.RowsDone(day.RowCount - work.Count(w => w.Row is not null));

        var (arrivals, releases, changes, published) = (0, 0, 0, 0);
        var rejected = new List<RejectedRow>(day.Rejected);
        foreach (var batch in work.Chunk(BatchSize))
        {
            var (replay, publishedNow) = await ImportBatchAsync(file, batch, prisonIds, cancellationToken);
            (arrivals, releases, changes, published) = (arrivals + replay.Arrivals, releases + replay.Releases, changes + replay.Changes, published + publishedNow);
            rejected.AddRange(replay.Rejected);
            progress.RowsDone(batch.Count(w => w.Row is not null));
        }

        await using (var db = openDb())
        {
            db.ImportedDays.Add(new ImportedDay(file.Day, file.Name, day.RowCount, arrivals, releases, changes, rejected.Count, clock.GetUtcNow().UtcDateTime));
            await db.SaveChangesAsync(cancellationToken);
        }

        return new DayReport(file, null, day.RowCount, arrivals, releases, changes, published,
            [.. rejected.OrderBy(r => r.Line)], watch.Elapsed) { ReleasesHeldBack = absent.Count - releasing };
    }

    private string MassReleaseRefusal(CustodyFile file, int releasing, int inCustody) =>
        string.Create(CultureInfo.InvariantCulture,
            $"{file.Name} is refused: it would release {releasing:N0} of the {inCustody:N0} people in custody ({(double)releasing / inCustody:P0}), " +
            $"more than the {MaxReleaseShare:P0} {MaxReleaseShareKey} allows. A file cut short, or with only its header, releases everyone it leaves out. " +
            $"Nothing of {file.Day:yyyy-MM-dd} or later was imported; if these releases did happen, import it again with --allow-mass-release.");

    /// <summary>
    /// The inmates the day says something new about: rows unlike the inmate's last imported one; and, apart, inmates
    /// in custody the file does not list, with how many are in custody. One statement reads what is known of them.
    /// </summary>
    private async Task<(List<InmateOnDay> Work, int InCustody, List<string> Absent)> WorkOfDayAsync(CustodyDay day, CancellationToken cancellationToken)
    {
        var listed = day.Rows.Select(r => r.InmateId).ToList();
        Dictionary<string, CustodyInmate> known;
        await using (var db = openDb())
        {
            known = await db.CustodyInmates.AsNoTracking()
                .Where(c => c.ReleasedOn == null || listed.Contains(c.InmateId))
                .ToDictionaryAsync(c => c.InmateId, StringComparer.Ordinal, cancellationToken);
        }

        var work = day.Rows
            .Where(r => !known.TryGetValue(r.InmateId, out var last) || !r.IsLike(last))
            .Select(r => new InmateOnDay(r.InmateId, r))
            .ToList();
        var inCustody = known.Values.Where(k => k.ReleasedOn is null).ToList();
        return (work, inCustody.Count, [.. inCustody.Where(k => !day.Present.Contains(k.InmateId)).Select(k => k.InmateId)]);
    }

    /// <summary>Replays one batch in one transaction; returns what the committed replay did and how many changes it published.</summary>
    private async Task<(CustodyReplay Replay, int Published)> ImportBatchAsync(
        CustodyFile file, InmateOnDay[] batch, IReadOnlyDictionary<string, int> prisonIds, CancellationToken cancellationToken)
    {
        for (var attempt = 1; ; attempt++)
        {
            try
            {
                var (replay, changes) = await ReplayInOneTransactionAsync(file, batch, prisonIds, cancellationToken);
                await publisher.PublishAsync(changes, cancellationToken);
                return (replay, changes.Count);
            }
            catch (DbUpdateConcurrencyException) when (attempt < Attempts)
            {
                logger.LogInformation("A prisoner of a custody import batch changed meanwhile; replaying the batch again (attempt {Attempt}).", attempt + 1);
            }
        }
    }

    /// <summary>
    /// The batch's changes and, with <see cref="Evaluation"/>, their verdicts, committed together. A transient fault
    /// (PostgreSQL restarting, a deadlock) replays the whole batch on a new unit of work, deciding again from what the
    /// database holds: a batch whose commit went through before the fault finds nothing left to do.
    /// </summary>
    private async Task<(CustodyReplay Replay, IReadOnlyList<PrisonerChanged> Changes)> ReplayInOneTransactionAsync(
        CustodyFile file, InmateOnDay[] batch, IReadOnlyDictionary<string, int> prisonIds, CancellationToken cancellationToken)
    {
        await using var strategyOwner = openDb();
        return await strategyOwner.Database.CreateExecutionStrategy().ExecuteAsync(async token =>
        {
            var replay = new CustodyReplay(file, prisonIds, _madeUp);
            await using var db = openDb();
            db.AuditChangedValues = false;
            db.RecordChangeCause = VerdictCause.Import($"custody file of {file.Day:yyyy-MM-dd}");
            await ReplayBatchAsync(db, batch, replay, token);
            if (Evaluation is null)
            {
                return (replay, await db.SaveRecordChangesAsync(token));
            }

            await using var transaction = await db.Database.BeginTransactionAsync(token);
            var changes = await db.SaveRecordChangesAsync(token);
            await Evaluation.EvaluateAsync(db, [.. changes.Select(c => c.PrisonerId).Distinct()], token);
            await transaction.CommitAsync(token);
            return (replay, changes);
        }, cancellationToken);
    }

    private static async Task ReplayBatchAsync(PrisonDb db, InmateOnDay[] batch, CustodyReplay replay, CancellationToken cancellationToken)
    {
        var inmateIds = batch.Select(w => w.InmateId).ToList();
        var known = await db.CustodyInmates
            .Where(c => inmateIds.Contains(c.InmateId))
            .ToDictionaryAsync(c => c.InmateId, StringComparer.Ordinal, cancellationToken);
        var prisonerIds = known.Values.Select(k => k.PrisonerId).ToList();
        var prisoners = (await db.LoadPrisonersAsync(prisonerIds, Tracking.Tracked, cancellationToken)).ToDictionary(p => p.Id);

        // A prisoner entered by hand may already have the number a newcomer would get: that row is not imported.
        var newcomers = batch.Where(w => w.Row is not null && !known.ContainsKey(w.InmateId)).Select(w => w.InmateId).ToList();
        var numbersTaken = newcomers.Count == 0
            ? []
            : await db.Prisoners.Where(p => newcomers.Contains(p.Number)).Select(p => p.Number).ToHashSetAsync(StringComparer.Ordinal, cancellationToken);

        foreach (var (inmateId, row) in batch)
        {
            var last = known.GetValueOrDefault(inmateId);
            if (row is null)
            {
                if (last is { ReleasedOn: null })
                {
                    replay.Release(prisoners[last.PrisonerId], last);
                }
            }
            else if (last is not null)
            {
                replay.Follow(prisoners[last.PrisonerId], last, row);
            }
            else if (numbersTaken.Contains(inmateId))
            {
                replay.Reject(row, $"prisoner number {inmateId} belongs to a prisoner the custody files did not create");
            }
            else
            {
                var (prisoner, newlyKnown) = replay.Receive(row);
                db.Prisoners.Add(prisoner);
                db.CustodyInmates.Add(newlyKnown);
            }
        }

        db.Set<ImportedInmateChange>().AddRange(replay.Journal);
    }

    /// <summary>The facilities' prison ids by code, adding the ones the database does not have yet.</summary>
    private async Task<IReadOnlyDictionary<string, int>> EnsureFacilitiesAsync(CancellationToken cancellationToken)
    {
        await using var db = openDb();
        var prisons = await db.Prisons.ToListAsync(cancellationToken);
        var nextId = prisons.Count == 0 ? 1 : prisons.Max(p => p.Id) + 1;
        foreach (var facility in NycFacility.All.Where(f => prisons.All(p => p.Code != f.Code)))
        {
            var prison = new PrisonFacility(nextId++, facility.Code, facility.Name);
            db.Prisons.Add(prison);
            prisons.Add(prison);
        }

        await db.SaveChangesAsync(cancellationToken);
        return prisons.ToDictionary(p => p.Code, p => p.Id, StringComparer.Ordinal);
    }
}
