using Microsoft.Extensions.Caching.Memory;

namespace Prison.Web.SignIn;

/// <summary>
/// The wrong passwords given for names no account has, counted in this instance's memory as an account counts them, in
/// a cache of their own with a fixed number of names (<see cref="SizeKey"/>): whoever posts endless new names fills it
/// and no more. Names past <see cref="Db.Identity.UserNames.MaxLength"/> never reach it.
/// </summary>
public sealed class UnknownUserLockouts(int size, TimeProvider clock) : IDisposable
{
    public const string SizeKey = "SignIn:UnknownNamesKept";

    public const int DefaultSize = 10_000;

    private readonly MemoryCache _attempts = new(new MemoryCacheOptions { SizeLimit = size });

    /// <summary>How many names are held now.</summary>
    public int Count => _attempts.Count;

    public static UnknownUserLockouts From(IConfiguration configuration, TimeProvider clock)
    {
        var size = configuration.GetValue<int?>(SizeKey) ?? DefaultSize;
        return size >= 1
            ? new UnknownUserLockouts(size, clock)
            : throw new Prison.ServiceDefaults.StartupException($"{SizeKey} is {size}: it must be 1 or more.");
    }

    /// <summary>
    /// Counts a wrong password for <paramref name="normalizedName"/>: locked after <paramref name="maxFailed"/> of them
    /// for <paramref name="lockout"/>, and counting starts again after it, as for an account. True when locked now.
    /// </summary>
    public bool Failed(string normalizedName, int maxFailed, TimeSpan lockout)
    {
        var now = clock.GetUtcNow();
        _attempts.TryGetValue(normalizedName, out UnknownUserAttempts? seen);
        if (seen?.LockedUntil is { } until)
        {
            if (until > now)
            {
                return true;
            }

            seen = null;
        }

        var failed = (seen?.Failed ?? 0) + 1;
        var next = failed >= maxFailed ? new UnknownUserAttempts(0, now + lockout) : new UnknownUserAttempts(failed, null);
        // Each name counts one against the size; a full cache takes no new name until it has made room.
        _attempts.Set(normalizedName, next, new MemoryCacheEntryOptions { Size = 1, AbsoluteExpirationRelativeToNow = lockout + TimeSpan.FromMinutes(1) });
        return next.LockedUntil is not null;
    }

    public void Dispose() => _attempts.Dispose();
}
