using Microsoft.EntityFrameworkCore;

namespace Prison.Db.Identity;

/// <summary>Sessions started and ended, each in one statement; ending is guarded, so a session ends once.</summary>
public static class StaffSessionWrites
{
    public static async Task<Guid> StartSessionAsync(this PrisonDb db, string userId, DateTime nowUtc, CancellationToken cancellationToken = default)
    {
        var session = new StaffSession { UserId = userId, StartedAtUtc = nowUtc };
        db.StaffSessions.Add(session);
        await db.SaveChangesAsync(cancellationToken);
        db.Entry(session).State = EntityState.Detached;
        return session.Id;
    }

    /// <returns>Whether this call ended it (false: it had ended already, or never existed).</returns>
    public static async Task<bool> EndSessionAsync(this PrisonDb db, Guid sessionId, SessionEnd reason, DateTime nowUtc, CancellationToken cancellationToken = default) =>
        await db.StaffSessions
            .Where(s => s.Id == sessionId && s.EndedAtUtc == null)
            .ExecuteUpdateAsync(s => s.SetProperty(x => x.EndedAtUtc, nowUtc).SetProperty(x => x.EndReason, reason), cancellationToken) == 1;

    /// <returns>How many of the user's open sessions this call ended.</returns>
    public static Task<int> EndSessionsOfAsync(this PrisonDb db, string userId, SessionEnd reason, DateTime nowUtc, CancellationToken cancellationToken = default) =>
        db.StaffSessions
            .Where(s => s.UserId == userId && s.EndedAtUtc == null)
            .ExecuteUpdateAsync(s => s.SetProperty(x => x.EndedAtUtc, nowUtc).SetProperty(x => x.EndReason, reason), cancellationToken);
}
