namespace Prison.Benchmarks.Load;

/// <summary>
/// What wrk sends: a signed-in session's cookies (kept as a browser keeps them, renewed when the server renews them) or
/// an API client's bearer token, to one path or to each of many paths in turn (so that no single row is the only one read).
/// </summary>
public sealed record WrkRequests(string Cookie, string Authorization, IReadOnlyList<string> Paths)
{
    /// <summary>A Staff user's session, as the pages are used.</summary>
    public static WrkRequests SignedIn(string cookieHeader) => new(cookieHeader, "", []);

    /// <summary>An API client's token, each request to the next of <paramref name="paths"/>, round and round.</summary>
    public static WrkRequests Bearer(string accessToken, IReadOnlyList<string> paths) => new("", $"Bearer {accessToken}", paths);
}
