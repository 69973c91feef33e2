using Prison.ServiceDefaults;

namespace Prison.Web.SignIn;

/// <summary>
/// How long a session lasts without a page opened or a form posted (<see cref="Key"/>, 30 minutes by default). The
/// pages' polls never extend it, so a screen left open signs itself out after this time: a wall screen that must show
/// a dashboard for a whole shift is signed in with a longer one, up to a shift and never past the session's lifetime
/// (<see cref="SessionLifetime"/>).
/// </summary>
public sealed record SessionIdleTime(TimeSpan Value)
{
    public const string Key = "SignIn:IdleTimeout";

    public static readonly TimeSpan Default = TimeSpan.FromMinutes(30);

    private static readonly TimeSpan Shortest = TimeSpan.FromMinutes(5);

    private static readonly TimeSpan Longest = TimeSpan.FromHours(8);

    /// <summary>Read when web is built, so that a value it cannot use stops the start with one sentence.</summary>
    public static SessionIdleTime From(IConfiguration configuration, SessionLifetime lifetime)
    {
        if (configuration[Key] is not { Length: > 0 } text)
        {
            return new SessionIdleTime(Default <= lifetime.Value ? Default : lifetime.Value);
        }

        var idle = TimeSpanSetting.Read(configuration, Key, Shortest, Longest, Default);
        return idle <= lifetime.Value
            ? new SessionIdleTime(idle)
            : throw new StartupException($"{Key} is '{text}', longer than a session lasts ({SessionLifetime.Key}, {lifetime.Value:c}): make it shorter, or the lifetime longer.");
    }
}
