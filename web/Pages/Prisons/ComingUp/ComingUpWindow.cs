namespace Prison.Web.Pages.Prisons.ComingUp;

/// <summary>
/// How far ahead Coming up looks unless its page is asked for other days: the one week that page, the dashboard's
/// count, its poll and the start page's counts all read.
/// </summary>
public static class ComingUpWindow
{
    /// <summary>A week: what a supervisor plans escorts, cell moves and watches by.</summary>
    public const int DefaultDays = 7;

    /// <summary>The end of the default window, from now.</summary>
    public static DateTime DefaultUntilUtc(TimeProvider clock) => clock.GetUtcNow().UtcDateTime.AddDays(DefaultDays);
}
