using System.Globalization;
using Npgsql;
using Prison.Benchmarks.Data;

namespace Prison.Benchmarks.Reads;

/// <summary>
/// A month of verdict changes for "Since last shift", set-based beside the generated prisoners: every day 2 % of the
/// prisoners' verdicts change (a sixth becoming Dangerous, a sixth no longer Dangerous, the rest changing reasons
/// alone), at their current stay's prison, spread evenly over the 30 days before <see cref="Until"/>; and, three days
/// before it, a rule set change that made a tenth of them Dangerous at one instant. Kept between runs by a marker row
/// (its version, the prisoners, the instant the month ends), like the data set itself; a data set generated again
/// empties the history with its prisoners, and the month is generated again too. These rows come on top of those
/// the product's own triggers wrote when the data set was evaluated (a first verdict for every prisoner).
/// </summary>
public static class ShiftHistory
{
    /// <summary>Bump when the generated history changes, so kept databases get it again.</summary>
    public const int Version = 1;

    public const double DailyShare = 0.02;

    public const int Days = 30;

    public static readonly TimeSpan BurstBeforeEnd = TimeSpan.FromDays(3);

    /// <summary>Returns when the generated month ends, generating it first when missing.</summary>
    public static async Task<(DateTime Until, string Prepared)> EnsureAsync(BenchDatabase database, CancellationToken cancellationToken)
    {
        await using var connection = database.Connect();
        await connection.OpenAsync(cancellationToken);
        await ExecuteAsync(connection, "CREATE TABLE IF NOT EXISTS bench_history_marker (generator_version int NOT NULL, prisoners int NOT NULL, until timestamptz NOT NULL)", cancellationToken);
        await using (var marker = new NpgsqlCommand("SELECT until FROM bench_history_marker WHERE generator_version = @v AND prisoners = @n AND EXISTS (SELECT FROM verdict_change WHERE rule_set = 'bench-month')", connection))
        {
            marker.Parameters.AddWithValue("v", Version);
            marker.Parameters.AddWithValue("n", database.Prisoners);
            if (await marker.ExecuteScalarAsync(cancellationToken) is DateTime kept)
            {
                return (kept, $"history kept from an earlier run, ending {kept:yyyy-MM-dd HH:mm} UTC");
            }
        }

        var start = System.Diagnostics.Stopwatch.GetTimestamp();
        var until = new DateTime(DateTime.UtcNow.Ticks / TimeSpan.TicksPerMinute * TimeSpan.TicksPerMinute, DateTimeKind.Utc);
        var changes = (long)Math.Round(database.Prisoners * DailyShare * Days);
        var burst = database.Prisoners / 10;
        var n = database.Prisoners;
        var end = until.ToString("yyyy-MM-dd HH:mm:ss", CultureInfo.InvariantCulture);
        var secondsApart = (Days * 86400.0 / changes).ToString("R", CultureInfo.InvariantCulture);
        await ExecuteAsync(connection, "DELETE FROM verdict_change WHERE rule_set = 'bench-month'", cancellationToken);

        // The prisoner of row g, as DataGenerator names them (pg_temp.id(0, n)), picked by a hash of g.
        const string PrisonerOf = "(lpad(to_hex(0), 8, '0') || '-0000-4000-8000-' || lpad(to_hex(x.pn), 12, '0'))::uuid";
        await ExecuteAsync(connection, $"""
            INSERT INTO verdict_change (prisoner_id, prison_id, at, from_status, to_status, reasons, came, went, cause, change_version, rule_set)
            SELECT p.id, i.prison_id, timestamptz '{end}+00' - (g * {secondsApart}) * interval '1 second',
                   CASE x.k WHEN 0 THEN 'NotDangerous' ELSE 'Dangerous' END,
                   CASE x.k WHEN 1 THEN 'NotDangerous' ELSE 'Dangerous' END,
                   CASE x.k WHEN 1 THEN '' WHEN 0 THEN 'DisciplinaryNoticeInLast2Months' ELSE 'DisciplinaryNoticeInLast2Months NotConvicted' END,
                   CASE x.k WHEN 1 THEN '' WHEN 0 THEN 'DisciplinaryNoticeInLast2Months' ELSE 'NotConvicted' END,
                   CASE x.k WHEN 1 THEN 'DisciplinaryNoticeInLast2Months' ELSE '' END,
                   (ARRAY['RecordedEntry', 'RecordedEntry', 'WindowClosed', 'Import'])[1 + x.c], 2, 'bench-month'
            FROM generate_series(1, {changes}) g
            CROSS JOIN LATERAL (SELECT (abs(hashint8(g)) % 6)::int AS k, (abs(hashint8(g * 7 + 1)) % 4)::int AS c,
                                       1 + abs(hashint8(g * 31 + 7)) % {n} AS pn) x
            JOIN prisoner p ON p.id = {PrisonerOf}
            LEFT JOIN imprisonment i ON i.prisoner_id = p.id AND i.left_on IS NULL AND i.struck_at IS NULL
            """, cancellationToken);
        await ExecuteAsync(connection, $"""
            INSERT INTO verdict_change (prisoner_id, prison_id, at, from_status, to_status, reasons, came, went, cause, cause_detail, change_version, rule_set)
            SELECT p.id, i.prison_id, timestamptz '{end}+00' - interval '{BurstBeforeEnd.TotalHours.ToString(CultureInfo.InvariantCulture)} hours',
                   'NotDangerous', 'Dangerous', 'CourtHearingWithin14Days', 'CourtHearingWithin14Days', '', 'RuleSetChanged', 'bench-rules', 3, 'bench-month'
            FROM generate_series(1, {burst}) g
            CROSS JOIN LATERAL (SELECT 1 + abs(hashint8(g * 101 + 3)) % {n} AS pn) x
            JOIN prisoner p ON p.id = {PrisonerOf}
            LEFT JOIN imprisonment i ON i.prisoner_id = p.id AND i.left_on IS NULL AND i.struck_at IS NULL
            """, cancellationToken);
        await ExecuteAsync(connection, "VACUUM (ANALYZE) verdict_change", cancellationToken);
        await ExecuteAsync(connection, $"DELETE FROM bench_history_marker; INSERT INTO bench_history_marker VALUES ({Version}, {n}, timestamptz '{end}+00')", cancellationToken);
        return (until, $"generated {changes:N0} changes over {Days} days and a rule set change of {burst:N0} in {System.Diagnostics.Stopwatch.GetElapsedTime(start).TotalSeconds:0.0} s");
    }

    private static async Task ExecuteAsync(NpgsqlConnection connection, string sql, CancellationToken cancellationToken)
    {
        await using var command = new NpgsqlCommand(sql, connection) { CommandTimeout = 0 };
        await command.ExecuteNonQueryAsync(cancellationToken);
    }
}
