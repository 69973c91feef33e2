using Microsoft.EntityFrameworkCore;

namespace Prison.Db.Identity;

public static class StaffSessionReads
{
    /// <summary>The sessions ended after <paramref name="sinceUtc"/>, in one statement on the index of ended sessions.</summary>
    public static async Task<IReadOnlyList<EndedSession>> SessionsEndedSinceAsync(this PrisonDb db, DateTime sinceUtc, CancellationToken cancellationToken = default) =>
        await db.StaffSessions.AsNoTracking()
            .Where(s => s.EndedAtUtc > sinceUtc)
            .Select(s => new EndedSession(s.Id, s.EndedAtUtc!.Value))
            .ToListAsync(cancellationToken);

    /// <summary>When the session started (UTC), or null when there is no such session.</summary>
    public static async Task<DateTime?> SessionStartedAtAsync(this PrisonDb db, Guid sessionId, CancellationToken cancellationToken = default) =>
        await db.StaffSessions.AsNoTracking().Where(s => s.Id == sessionId).Select(s => (DateTime?)s.StartedAtUtc).SingleOrDefaultAsync(cancellationToken);

    /// <summary>Whether the session has ended, or was never started: a cookie naming it is refused.</summary>
    public static async Task<bool> IsSessionOverAsync(this PrisonDb db, Guid sessionId, CancellationToken cancellationToken = default) =>
        !await db.StaffSessions.AsNoTracking().AnyAsync(s => s.Id == sessionId && s.EndedAtUtc == null, cancellationToken);
}
