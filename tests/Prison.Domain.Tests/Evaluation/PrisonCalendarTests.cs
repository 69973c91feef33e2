namespace Prison.Domain.Tests.Evaluation;

public class PrisonCalendarTests
{
    [Fact]
    public void A_day_starts_at_local_midnight_expressed_in_utc()
    {
        var calendar = new PrisonCalendar(TimeZoneInfo.FindSystemTimeZoneById("America/New_York"));

        Assert.Equal(new DateTime(2026, 7, 1, 4, 0, 0, DateTimeKind.Utc), calendar.StartOfDayUtc(new DateOnly(2026, 7, 1)));
        Assert.Equal(new DateTime(2026, 12, 1, 5, 0, 0, DateTimeKind.Utc), calendar.StartOfDayUtc(new DateOnly(2026, 12, 1)));
    }

    [Fact]
    public void Where_the_clocks_skip_midnight_the_day_starts_at_the_first_valid_local_time()
    {
        // Chile moves its clocks from 00:00 to 01:00 on 6 September 2026: that day begins at 01:00 local, UTC-3.
        var calendar = new PrisonCalendar(TimeZoneInfo.FindSystemTimeZoneById("America/Santiago"));

        Assert.Equal(new DateTime(2026, 9, 6, 4, 0, 0, DateTimeKind.Utc), calendar.StartOfDayUtc(new DateOnly(2026, 9, 6)));
    }

    [Fact]
    public void Today_is_the_local_date_of_an_instant()
    {
        var calendar = new PrisonCalendar(TimeZoneInfo.FindSystemTimeZoneById("America/New_York"));

        Assert.Equal(new DateOnly(2026, 11, 21), calendar.Today(new DateTime(2026, 11, 22, 4, 59, 0, DateTimeKind.Utc)));
        Assert.Equal(new DateOnly(2026, 11, 22), calendar.Today(new DateTime(2026, 11, 22, 5, 0, 0, DateTimeKind.Utc)));
    }
}
