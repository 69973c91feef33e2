using Prison.ServiceDefaults;

namespace Prison.Web.SignIn;

/// <summary>
/// How long a session lasts from its sign-in, however busy (<see cref="Key"/>, 12 hours by default): past it, the
/// next request signs in again. The idle time (<see cref="SessionIdleTime"/>) is at most this long.
/// </summary>
public sealed record SessionLifetime(TimeSpan Value)
{
    public const string Key = "SignIn:AbsoluteLifetime";

    public static readonly TimeSpan Default = TimeSpan.FromHours(12);

    public static readonly TimeSpan Shortest = TimeSpan.FromMinutes(30);

    public static readonly TimeSpan Longest = TimeSpan.FromHours(12);

    /// <summary>Read when web is built, so that a value it cannot use stops the start with one sentence.</summary>
    public static SessionLifetime From(IConfiguration configuration) =>
        new(TimeSpanSetting.Read(configuration, Key, Shortest, Longest, Default));

    /// <summary>Whether a session that started at <paramref name="startedAtUtc"/> is over at <paramref name="nowUtc"/>.</summary>
    public bool IsOver(DateTimeOffset startedAtUtc, DateTimeOffset nowUtc) => nowUtc - startedAtUtc >= Value;
}
