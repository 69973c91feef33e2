using Prison.Benchmarks.Data;

namespace Prison.Benchmarks.Reads;

/// <summary>
/// Ninety days of kept Dangerous changes for the overview, set-based beside the generated prisoners: a row for every
/// prison, stripe and day before today (the most the triggers can leave: every stripe of every prison changing every
/// day), each a change of -2 to +2, and the figures kept since the first of them. Made again on every run (a few
/// tens of thousands of rows); today's rows, which the product's own triggers wrote, are left as they are.
/// </summary>
public static class DangerousDaysHistory
{
    public const int Days = 90;

    public const int Stripes = 16;

    /// <summary>Returns what it made, and today as the database counts days (UTC).</summary>
    public static async Task<(DateOnly Today, string Prepared)> EnsureAsync(BenchDatabase database, CancellationToken cancellationToken)
    {
        var start = System.Diagnostics.Stopwatch.GetTimestamp();
        var today = DateOnly.ParseExact(
            await database.ScalarAsync<string>("SELECT to_char(prison_dangerous_today(), 'YYYY-MM-DD')", cancellationToken),
            "yyyy-MM-dd",
            System.Globalization.CultureInfo.InvariantCulture);
        await database.ExecuteAsync($"""
            DELETE FROM prison_dangerous_day WHERE day < DATE '{today:yyyy-MM-dd}';
            INSERT INTO prison_dangerous_day (prison_id, day, stripe, dangerous_change)
            SELECT p.id, DATE '{today:yyyy-MM-dd}' - d, s, (abs(hashint8(p.id * 100000 + d * 100 + s)) % 5)::int - 2
            FROM prison p CROSS JOIN generate_series(1, {Days}) d CROSS JOIN generate_series(0, {Stripes - 1}) s;
            UPDATE prison_dangerous_day_kept SET since = DATE '{today:yyyy-MM-dd}' - {Days};
            """, cancellationToken);
        await database.ExecuteAsync("VACUUM (ANALYZE) prison_dangerous_day", cancellationToken);
        var rows = await database.ScalarAsync<long>("SELECT count(*) FROM prison_dangerous_day", cancellationToken);
        return (today, $"{rows:N0} rows of kept days ({Days} days before today for each of {DataGenerator.PrisonCount} prisons and {Stripes} stripes, and today's) made in {System.Diagnostics.Stopwatch.GetElapsedTime(start).TotalSeconds:0.0} s");
    }
}
