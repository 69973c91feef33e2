using System.Runtime.CompilerServices;
using Microsoft.EntityFrameworkCore;
using Prison.Db;
using Prison.Db.History;
using Prison.Db.Mappings;
using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisons.SinceLastShift;

/// <summary>
/// "Since last shift"'s read of the verdict history (migration 013), ONE statement each: the partial indexes
/// verdict_change_became_dangerous and verdict_change_no_longer_dangerous, each walked newest first from the end of the
/// span or the page's cursor.
/// </summary>
public static class SinceLastShiftReads
{
    public const int ShiftPageSize = 50;

    /// <summary>
    /// The prisoners held at <paramref name="prisonId"/> who became Dangerous, and those who stopped being Dangerous,
    /// from <paramref name="fromUtc"/> (inclusive) to <paramref name="toUtc"/> (exclusive), newest first: a page of
    /// each group, each continued after its own cursor. A first verdict that is Dangerous counts as becoming so (a new
    /// arrival), the verdicts the history began with do not. Both groups come back in one statement (UNION ALL), each
    /// side a walk down its partial index that stops after a page, whatever the span holds.
    /// </summary>
    public static async Task<ShiftChanges> ShiftChangesAsync(
        this PrisonDb db, int prisonId, IReadOnlyCollection<int>? readerPrisonIds, DateTime fromUtc, DateTime toUtc, HistoryCursor? becameBefore = null, HistoryCursor? endedBefore = null,
        CancellationToken cancellationToken = default)
    {
        var rows = await Group(db, prisonId, readerPrisonIds, fromUtc, toUtc, becameDangerous: true, becameBefore)
            .Concat(Group(db, prisonId, readerPrisonIds, fromUtc, toUtc, becameDangerous: false, endedBefore))
            .ToListAsync(cancellationToken);
        var changes = rows.Select(ShiftChangeOf).ToList();
        var (became, moreBecame) = Page(changes.Where(c => c.Change.ToStatus == DangerStatus.Dangerous));
        var (ended, moreEnded) = Page(changes.Where(c => c.Change.ToStatus != DangerStatus.Dangerous));
        return new ShiftChanges(became, moreBecame, ended, moreEnded);
    }

    /// <summary>
    /// Every change of "Since last shift" in the span, with no page: those who became Dangerous, then those no longer
    /// Dangerous, each group newest first. ONE statement a group, each walking its partial index, whose rows come as
    /// they are read (for a download, inside <see cref="StreamedReads.StreamAsync"/>): nothing is gathered in memory
    /// however long the span.
    /// </summary>
    public static async IAsyncEnumerable<ShiftChange> EveryShiftChange(
        this PrisonDb db, int prisonId, IReadOnlyCollection<int>? readerPrisonIds, DateTime fromUtc, DateTime toUtc, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        foreach (var becameDangerous in new[] { true, false })
        {
            var rows = WithPrisoners(db, Changes(db, prisonId, fromUtc, toUtc, becameDangerous), readerPrisonIds)
                .OrderByDescending(r => r.Change.AtUtc).ThenByDescending(r => r.Change.Id)
                .AsAsyncEnumerable();
            await foreach (var row in rows.WithCancellation(cancellationToken))
            {
                yield return ShiftChangeOf(row);
            }
        }
    }

    private static IQueryable<ShiftRow> Group(PrisonDb db, int prisonId, IReadOnlyCollection<int>? readerPrisonIds, DateTime fromUtc, DateTime toUtc, bool becameDangerous, HistoryCursor? before)
    {
        var changes = Changes(db, prisonId, fromUtc, toUtc, becameDangerous);
        if (before is { } cursor)
        {
            // The first condition bounds the index walk; the second drops what the cursor's instant already showed.
            changes = changes.Where(c => c.AtUtc <= cursor.AtUtc && (c.AtUtc < cursor.AtUtc || c.Id < cursor.Id));
        }

        return WithPrisoners(db, changes.OrderByDescending(c => c.AtUtc).ThenByDescending(c => c.Id).Take(ShiftPageSize + 1), readerPrisonIds);
    }

    /// <summary>
    /// The prisoner of each change, and whether they are within the reader's reach now (null: every prison): held now
    /// at one of <paramref name="readerPrisonIds"/>, checked in the same statement.
    /// </summary>
    private static IQueryable<ShiftRow> WithPrisoners(PrisonDb db, IQueryable<VerdictChange> changes, IReadOnlyCollection<int>? readerPrisonIds)
    {
        var currentStays = db.Set<Stay>().Where(CurrentStayCondition.Is);
        return changes.Join(db.Prisoners.AsNoTracking(), c => c.PrisonerId, p => p.Id, (c, p) => new ShiftRow
        {
            Change = c,
            Number = p.Number,
            Name = p.Name,
            StatusNow = p.DangerStatus,
            InReach = readerPrisonIds == null || currentStays.Any(s =>
                EF.Property<Guid>(s, PrisonerConfiguration.PrisonerKey) == p.Id && readerPrisonIds.Contains(s.PrisonId)),
        });
    }

    /// <summary>A row as the page shows it: who, only when the prisoner is within the reader's reach now.</summary>
    private static ShiftChange ShiftChangeOf(ShiftRow row) =>
        row.InReach ? new ShiftChange(row.Change, row.Number, row.Name, row.StatusNow) : new ShiftChange(row.Change, null, null, null);

    /// <summary>One group's changes in the span: the conditions of its partial index (Mappings/VerdictChangeConfiguration), with the statuses as constants.</summary>
    private static IQueryable<VerdictChange> Changes(PrisonDb db, int prisonId, DateTime fromUtc, DateTime toUtc, bool becameDangerous)
    {
        var changes = db.Set<VerdictChange>().AsNoTracking().Where(c => c.PrisonId == prisonId && c.AtUtc >= fromUtc && c.AtUtc < toUtc);
        return becameDangerous
            ? changes.Where(c => c.ToStatus == DangerStatus.Dangerous
                && (c.FromStatus == null || c.FromStatus != DangerStatus.Dangerous)
                && c.Cause != VerdictCauseKind.HistoryBegan)
            : changes.Where(c => c.FromStatus == DangerStatus.Dangerous && c.ToStatus == DangerStatus.NotDangerous);
    }

    /// <summary>A group's page, newest first (the join gave no order), and where its next page starts.</summary>
    private static (IReadOnlyList<ShiftChange> Page, HistoryCursor? More) Page(IEnumerable<ShiftChange> group)
    {
        var sorted = group.OrderByDescending(c => c.Change.AtUtc).ThenByDescending(c => c.Change.Id).ToList();
        var page = sorted.Take(ShiftPageSize).ToList();
        return (page, sorted.Count > ShiftPageSize ? HistoryCursor.After(page[^1].Change) : null);
    }

    /// <summary>The shape both sides of the union share.</summary>
    private sealed class ShiftRow
    {
        public required VerdictChange Change { get; init; }

        public required string Number { get; init; }

        public required string Name { get; init; }

        public DangerStatus StatusNow { get; init; }

        public bool InReach { get; init; }
    }
}
