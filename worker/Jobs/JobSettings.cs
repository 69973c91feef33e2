using System.Globalization;
using Microsoft.Extensions.Configuration;
using Prison.Worker.Hosting;

namespace Prison.Worker.Jobs;

/// <summary>The scheduled jobs' settings, with the defaults a prison gets when it configures nothing.</summary>
public sealed record JobSettings(TimeSpan UnknownThreshold, string NightlyCron, int BatchSize)
{
    public static JobSettings From(IConfiguration configuration)
    {
        var threshold = configuration["Jobs:UnknownThreshold"] is { Length: > 0 } t
            ? TimeSpan.TryParse(t, CultureInfo.InvariantCulture, out var parsed) && parsed > TimeSpan.Zero
                ? parsed
                : throw new StartupException($"Jobs:UnknownThreshold is '{t}'; it must be a positive time span such as 00:02:00.")
            : TimeSpan.FromMinutes(2);
        var cron = configuration["Jobs:NightlyCron"] ?? "0 0 2 * * ?";
        if (!Quartz.CronExpression.TryParse(cron, out _))
        {
            throw new StartupException($"Jobs:NightlyCron is '{cron}', which is not a Quartz cron expression (the default is '0 0 2 * * ?', 02:00 every day).");
        }

        var batch = configuration["Jobs:BatchSize"] is { Length: > 0 } b
            ? int.TryParse(b, NumberStyles.None, CultureInfo.InvariantCulture, out var size) && size is >= 1 and <= 5000
                ? size
                : throw new StartupException($"Jobs:BatchSize is '{b}'; it must be a whole number from 1 to 5000.")
            : 500;
        return new JobSettings(threshold, cron, batch);
    }
}
