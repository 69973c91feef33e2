using System.Collections.Concurrent;
using Microsoft.EntityFrameworkCore;
using Prison.Db;
using Prison.Db.Identity;

namespace Prison.Web.SignIn;

/// <summary>
/// The sessions ended lately, as this web instance knows them: each request's cookie is checked against this set in
/// memory, so ending sessions on the server costs no statement per request. A session ended here is in the set at
/// once; one ended elsewhere (another instance, <c>worker users disable</c>) within <see cref="ReadInterval"/>, when
/// <see cref="EndedSessionsWatcher"/> reads the sessions ended since its last look.
/// </summary>
public sealed class EndedSessions(IDbContextFactory<PrisonDb> contexts, TimeProvider clock, SessionIdleTime idle)
{
    public static readonly TimeSpan ReadInterval = TimeSpan.FromSeconds(2);

    /// <summary>
    /// How long an ended session is remembered: its cookie is never renewed after its end, so it expires within the
    /// idle time. Read again with this overlap, so that instances whose clocks differ a little miss nothing.
    /// </summary>
    private readonly TimeSpan _remembered = idle.Value + TimeSpan.FromMinutes(5);

    private static readonly TimeSpan Overlap = TimeSpan.FromMinutes(1);

    private readonly ConcurrentDictionary<Guid, DateTime> _ended = new();
    private DateTime _readUpTo = DateTime.MinValue;

    public bool IsEnded(Guid session) => _ended.ContainsKey(session);

    public void Ended(Guid session, DateTime atUtc) => _ended[session] = atUtc;

    /// <summary>Reads the sessions ended since the last read (all those still remembered, the first time).</summary>
    public async Task ReadAsync(CancellationToken cancellationToken)
    {
        var now = clock.GetUtcNow().UtcDateTime;
        var since = _readUpTo == DateTime.MinValue ? now - _remembered : _readUpTo - Overlap;
        await using var db = await contexts.CreateDbContextAsync(cancellationToken);
        foreach (var ended in await db.SessionsEndedSinceAsync(since, cancellationToken))
        {
            _ended[ended.Id] = ended.EndedAtUtc;
            _readUpTo = ended.EndedAtUtc > _readUpTo ? ended.EndedAtUtc : _readUpTo;
        }

        _readUpTo = _readUpTo == DateTime.MinValue ? now - Overlap : _readUpTo;
        foreach (var (id, at) in _ended)
        {
            if (at < now - _remembered)
            {
                _ended.TryRemove(id, out _);
            }
        }
    }
}
