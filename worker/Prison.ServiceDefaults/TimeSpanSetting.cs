using System.Globalization;
using Microsoft.Extensions.Configuration;

namespace Prison.ServiceDefaults;

/// <summary>A setting that is a time span within bounds: unset is the default, a value it cannot use stops the start with one sentence.</summary>
public static class TimeSpanSetting
{
    public static TimeSpan Read(IConfiguration configuration, string key, TimeSpan shortest, TimeSpan longest, TimeSpan fallback)
    {
        if (configuration[key] is not { Length: > 0 } text)
        {
            return fallback;
        }

        return TimeSpan.TryParse(text, CultureInfo.InvariantCulture, out var value) && value >= shortest && value <= longest
            ? value
            : throw new StartupException($"{key} is '{text}'; it must be a time span from {shortest:c} to {longest:c}, such as {fallback:c}.");
    }
}
