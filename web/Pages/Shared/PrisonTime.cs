using Prison.Domain.Evaluation;

namespace Prison.Web.Pages.Shared;

/// <summary>
/// Every instant a page shows, in the prison's time zone and saying so ("2026-11-24 14:05 New York time"): instants
/// are stored in UTC, and a bare "14:05" would leave staff guessing which clock it was read from.
/// </summary>
public sealed class PrisonTime(PrisonCalendar calendar)
{
    /// <summary>How the zone is named after a time: "New York time" for America/New_York.</summary>
    public string Zone { get; } = ZoneName(calendar.TimeZone);

    /// <summary>To the minute, or <paramref name="none"/> when there is no instant.</summary>
    public string Of(DateTime? utc, string none = "—") => utc is { } instant ? $"{Local(instant):yyyy-MM-dd HH:mm} {Zone}" : none;

    public string Of(DateTimeOffset? at, string none = "—") => Of(at?.UtcDateTime, none);

    /// <summary>To the second, where the order of close events matters (the audit log, the jobs).</summary>
    public string WithSeconds(DateTime? utc, string none = "—") => utc is { } instant ? $"{Local(instant):yyyy-MM-dd HH:mm:ss} {Zone}" : none;

    public string WithSeconds(DateTimeOffset? at, string none = "—") => WithSeconds(at?.UtcDateTime, none);

    /// <summary>To the minute without the zone's name, in a column whose heading names it (a file to take away), so that a spreadsheet reads it as a time.</summary>
    public string InColumn(DateTime utc) => Local(utc).ToString("yyyy-MM-dd HH:mm", System.Globalization.CultureInfo.InvariantCulture);

    private DateTime Local(DateTime utc) => TimeZoneInfo.ConvertTimeFromUtc(PrisonCalendar.AsUtc(utc), calendar.TimeZone);

    private static string ZoneName(TimeZoneInfo zone) =>
        zone.Id switch
        {
            "UTC" or "Etc/UTC" or "Etc/Universal" or "Universal" or "Zulu" or "Etc/Zulu" => "UTC",
            var id when id.Contains('/', StringComparison.Ordinal) => $"{id[(id.LastIndexOf('/') + 1)..].Replace('_', ' ')} time",
            var id => id,
        };
}
