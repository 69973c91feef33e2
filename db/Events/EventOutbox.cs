using Microsoft.EntityFrameworkCore;

namespace Prison.Db.Events;

/// <summary>The relay's statements over the outbox the triggers of migration 035 fill.</summary>
public static class EventOutbox
{
    /// <summary>
    /// The oldest events not relayed yet, in the order they were written, locked until the caller's transaction ends.
    /// On PostgreSQL the rows another relay holds are skipped (<c>FOR UPDATE SKIP LOCKED</c>): several workers relay at
    /// once, each its own rows, and a relay that dies lets its rows go to the next with its transaction. SQLite has one
    /// writer at a time, and its one process relays.
    /// </summary>
    public static Task<List<PrisonEvent>> ClaimAsync(this PrisonDb db, int count, CancellationToken cancellationToken) =>
        db.IsPostgreSql
            ? db.Set<PrisonEvent>()
                .FromSql($"SELECT * FROM prison_event WHERE relayed_at IS NULL ORDER BY id LIMIT {count} FOR UPDATE SKIP LOCKED")
                .AsNoTracking()
                .ToListAsync(cancellationToken)
            : db.Set<PrisonEvent>().Where(e => e.RelayedAtUtc == null).OrderBy(e => e.Id).Take(count).AsNoTracking().ToListAsync(cancellationToken);

    public static Task<int> MarkRelayedAsync(this PrisonDb db, IReadOnlyCollection<long> ids, DateTime relayedAtUtc, CancellationToken cancellationToken) =>
        db.Set<PrisonEvent>().Where(e => ids.Contains(e.Id)).ExecuteUpdateAsync(s => s.SetProperty(e => e.RelayedAtUtc, relayedAtUtc), cancellationToken);

    /// <summary>Deletes up to <paramref name="count"/> events relayed before <paramref name="beforeUtc"/>, oldest first.</summary>
    public static Task<int> PruneRelayedAsync(this PrisonDb db, DateTime beforeUtc, int count, CancellationToken cancellationToken) =>
        db.Set<PrisonEvent>()
            .Where(e => db.Set<PrisonEvent>().Where(r => r.RelayedAtUtc != null && r.RelayedAtUtc < beforeUtc).OrderBy(r => r.RelayedAtUtc).Take(count).Select(r => r.Id).Contains(e.Id))
            .ExecuteDeleteAsync(cancellationToken);

    /// <summary>How many events wait to be relayed and since when: the backlog an operator watches, in one statement.</summary>
    public static async Task<OutboxBacklog> OutboxBacklogAsync(this PrisonDb db, CancellationToken cancellationToken) =>
        await db.Set<PrisonEvent>()
            .Where(e => e.RelayedAtUtc == null)
            .GroupBy(_ => 1)
            .Select(waiting => new OutboxBacklog(waiting.Count(), waiting.Min(e => (DateTime?)e.OccurredAtUtc)))
            .FirstOrDefaultAsync(cancellationToken)
        ?? new OutboxBacklog(0, null);
}
