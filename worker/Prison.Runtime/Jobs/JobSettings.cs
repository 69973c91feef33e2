using System.Globalization;
using Microsoft.Extensions.Configuration;
using Prison.ServiceDefaults;

namespace Prison.Runtime.Jobs;

/// <summary>The scheduled jobs' settings, with the defaults a prison gets when it configures nothing.</summary>
/// <param name="NightlyCron">
/// Read by Hangfire when a worker registers the schedule (<see cref="PrisonSchedule"/>), which refuses an expression
/// it cannot read at start.
/// </param>
/// <param name="TakeOverAfter">
/// How long a job a worker was running stays its own without a sign of life before another worker takes it over:
/// a running job's row is touched every fifth of this, so only a dead worker's job waits that long.
/// </param>
public sealed record JobSettings(TimeSpan UnknownThreshold, string NightlyCron, int BatchSize, TimeSpan TakeOverAfter)
{
    public const string DefaultNightlyCron = "0 2 * * *";

    /// <summary>
    /// How often a worker looks for jobs fired elsewhere (the command line, the dashboard, another worker's
    /// schedule), for jobs due, and for retries. A job fired in the same process starts at once.
    /// </summary>
    public static readonly TimeSpan PollInterval = TimeSpan.FromSeconds(5);

    public static JobSettings From(IConfiguration configuration)
    {
        var threshold = TimeSpanAtLeast(configuration, "Jobs:UnknownThreshold", TimeSpan.FromTicks(1), TimeSpan.FromMinutes(2));
        // A running job's row is touched from a loop that wakes every second: a fifth of the span must leave room for it.
        var takeOver = TimeSpanAtLeast(configuration, "Jobs:TakeOverAfter", TimeSpan.FromSeconds(10), TimeSpan.FromMinutes(1));
        var cron = configuration["Jobs:NightlyCron"] is { Length: > 0 } c ? c : DefaultNightlyCron;
        var batch = configuration["Jobs:BatchSize"] is { Length: > 0 } b
            ? int.TryParse(b, NumberStyles.None, CultureInfo.InvariantCulture, out var size) && size is >= 1 and <= 5000
                ? size
                : throw new StartupException($"Jobs:BatchSize is '{b}'; it must be a whole number from 1 to 5000.")
            : 500;
        return new JobSettings(threshold, cron, batch, takeOver);
    }

    private static TimeSpan TimeSpanAtLeast(IConfiguration configuration, string key, TimeSpan least, TimeSpan fallback) =>
        configuration[key] is { Length: > 0 } text
            ? TimeSpan.TryParse(text, CultureInfo.InvariantCulture, out var parsed) && parsed >= least
                ? parsed
                : throw new StartupException(least == TimeSpan.FromTicks(1)
                    ? $"{key} is '{text}'; it must be a positive time span such as {fallback:c}."
                    : $"{key} is '{text}'; it must be a time span of at least {least:c}, such as {fallback:c}.")
            : fallback;
}
