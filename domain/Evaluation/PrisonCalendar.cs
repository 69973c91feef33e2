namespace Prison.Domain.Evaluation;

/// <summary>
/// The prison's local calendar. Rules think in local days ("today"); the database stores instants in UTC.
/// </summary>
public sealed class PrisonCalendar(TimeZoneInfo timeZone)
{
    public TimeZoneInfo TimeZone { get; } = timeZone;

    public DateOnly Today(DateTime utcNow) =>
        DateOnly.FromDateTime(TimeZoneInfo.ConvertTimeFromUtc(AsUtc(utcNow), TimeZone));

    /// <summary>The instant the local day begins, in UTC; where the clocks skip midnight, the first valid local time.</summary>
    public DateTime StartOfDayUtc(DateOnly day)
    {
        var local = day.ToDateTime(TimeOnly.MinValue, DateTimeKind.Unspecified);
        while (TimeZone.IsInvalidTime(local))
        {
            local = local.AddMinutes(15);
        }

        return TimeZoneInfo.ConvertTimeToUtc(local, TimeZone);
    }

    /// <summary>An instant as UTC: local times are converted, unspecified ones are taken to be UTC already.</summary>
    public static DateTime AsUtc(DateTime instant) => instant.Kind switch
    {
        DateTimeKind.Utc => instant,
        DateTimeKind.Unspecified => DateTime.SpecifyKind(instant, DateTimeKind.Utc),
        _ => instant.ToUniversalTime(),
    };
}
