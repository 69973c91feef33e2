using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Storage;

namespace Prison.Db.Reads;

/// <summary>
/// Checks the counts the triggers keep at write time (prison_status_count, migration 009; prison_coming_up, migration
/// 026) and Coming up's kept rows (prison_forecast, migration 040) against the same computed from the stays and the
/// stored verdicts, and puts them right. `worker verify`
/// runs both; a mismatch means a write went round the triggers (a hand correction in SQL, a bug).
/// </summary>
public static class KeptCounts
{
    /// <summary>
    /// Per prison (status counts) and per prison, rule set and instant (coming up): kept sum, actual count, and the
    /// difference. Shared by the check and the fix, so that both compare the same thing.
    /// </summary>
    private const string Differences = """
        WITH actual_status AS (
            SELECT s.prison_id,
                   sum(CASE WHEN p.danger_status = 'Dangerous' THEN 1 ELSE 0 END) AS dangerous,
                   sum(CASE WHEN p.danger_status = 'NotDangerous' THEN 1 ELSE 0 END) AS not_dangerous,
                   sum(CASE WHEN p.danger_status = 'Unknown' THEN 1 ELSE 0 END) AS unknown
            FROM imprisonment s JOIN prisoner p ON p.id = s.prisoner_id
            WHERE s.left_on IS NULL AND s.struck_at IS NULL
            GROUP BY s.prison_id
        ),
        kept_status AS (
            SELECT prison_id, sum(dangerous) AS dangerous, sum(not_dangerous) AS not_dangerous, sum(unknown) AS unknown
            FROM prison_status_count GROUP BY prison_id
        ),
        status_difference AS (
            SELECT coalesce(a.prison_id, k.prison_id) AS prison_id,
                   coalesce(k.dangerous, 0) AS kept_dangerous, coalesce(a.dangerous, 0) AS dangerous,
                   coalesce(k.not_dangerous, 0) AS kept_not_dangerous, coalesce(a.not_dangerous, 0) AS not_dangerous,
                   coalesce(k.unknown, 0) AS kept_unknown, coalesce(a.unknown, 0) AS unknown
            FROM actual_status a FULL JOIN kept_status k ON k.prison_id = a.prison_id
        ),
        actual_coming AS (
            SELECT s.prison_id, p.rule_set, p.forecast_at, count(*) AS prisoners
            FROM prisoner p JOIN imprisonment s ON s.prisoner_id = p.id AND s.left_on IS NULL AND s.struck_at IS NULL
            WHERE p.forecast_at IS NOT NULL AND p.rule_set IS NOT NULL
            GROUP BY s.prison_id, p.rule_set, p.forecast_at
        ),
        kept_coming AS (
            SELECT prison_id, rule_set, forecast_at, sum(prisoners) AS prisoners FROM prison_coming_up
            GROUP BY prison_id, rule_set, forecast_at
        ),
        coming_difference AS (
            SELECT coalesce(a.prison_id, k.prison_id) AS prison_id, coalesce(a.rule_set, k.rule_set) AS rule_set,
                   coalesce(a.forecast_at, k.forecast_at) AS forecast_at,
                   coalesce(k.prisoners, 0) AS kept, coalesce(a.prisoners, 0) AS actual
            FROM actual_coming a
            FULL JOIN kept_coming k ON k.prison_id = a.prison_id AND k.rule_set = a.rule_set AND k.forecast_at = a.forecast_at
        ),
        actual_forecast AS (
            SELECT p.id AS prisoner_id, s.prison_id, p.forecast_at, p.number
            FROM prisoner p JOIN imprisonment s ON s.prisoner_id = p.id AND s.left_on IS NULL AND s.struck_at IS NULL
            WHERE p.forecast_at IS NOT NULL
        ),
        forecast_difference AS (
            SELECT coalesce(a.prison_id, k.prison_id) AS prison_id, coalesce(a.number, k.number) AS number,
                   CASE WHEN k.prisoner_id IS NULL THEN 0 ELSE 1 END AS kept, CASE WHEN a.prisoner_id IS NULL THEN 0 ELSE 1 END AS actual
            FROM actual_forecast a
            FULL JOIN prison_forecast k
                ON k.prisoner_id = a.prisoner_id AND k.prison_id = a.prison_id AND k.forecast_at = a.forecast_at AND k.number = a.number
            WHERE a.prisoner_id IS NULL OR k.prisoner_id IS NULL
        )
        """;

    /// <summary>Coming up's kept rows (prison_forecast, migration 040) made what the current stays and forecasts say.</summary>
    private const string FixForecastRows = Differences + """
        DELETE FROM prison_forecast
        WHERE NOT EXISTS (
            SELECT 1 FROM actual_forecast a
            WHERE a.prisoner_id = prison_forecast.prisoner_id AND a.prison_id = prison_forecast.prison_id
              AND a.forecast_at = prison_forecast.forecast_at AND a.number = prison_forecast.number)
        """;

    private const string AddForecastRows = Differences + """
        INSERT INTO prison_forecast (prisoner_id, prison_id, forecast_at, number)
        SELECT a.prisoner_id, a.prison_id, a.forecast_at, a.number FROM actual_forecast a
        WHERE NOT EXISTS (SELECT 1 FROM prison_forecast k WHERE k.prisoner_id = a.prisoner_id)
        ORDER BY a.prisoner_id
        """;

    private const string FixStatusCounts = Differences + """
        INSERT INTO prison_status_count AS c (prison_id, stripe, dangerous, not_dangerous, unknown, changes)
        SELECT prison_id, 0, dangerous - kept_dangerous, not_dangerous - kept_not_dangerous, unknown - kept_unknown, 1
        FROM status_difference
        WHERE kept_dangerous <> dangerous OR kept_not_dangerous <> not_dangerous OR kept_unknown <> unknown
        ON CONFLICT (prison_id, stripe) DO UPDATE
        SET dangerous = c.dangerous + excluded.dangerous, not_dangerous = c.not_dangerous + excluded.not_dangerous,
            unknown = c.unknown + excluded.unknown, changes = c.changes + 1
        """;

    private const string FixComingUp = Differences + """
        INSERT INTO prison_coming_up AS k (prison_id, rule_set, forecast_at, stripe, prisoners)
        SELECT prison_id, rule_set, forecast_at, 0, actual - kept FROM coming_difference WHERE kept <> actual
        ON CONFLICT (prison_id, rule_set, forecast_at, stripe) DO UPDATE SET prisoners = k.prisoners + excluded.prisoners
        """;

    /// <summary>Every kept count that differs from the stays and verdicts it counts, in one statement.</summary>
    public static async Task<IReadOnlyList<KeptCountMismatch>> MismatchesAsync(this PrisonDb db, CancellationToken cancellationToken = default)
    {
        var instant = db.IsPostgreSql ? "to_char(forecast_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI')" : "substr(forecast_at, 1, 16)";
        var sql = $"""
            {Differences}
            SELECT prison_id, 'Dangerous', kept_dangerous, dangerous FROM status_difference WHERE kept_dangerous <> dangerous
            UNION ALL
            SELECT prison_id, 'NotDangerous', kept_not_dangerous, not_dangerous FROM status_difference WHERE kept_not_dangerous <> not_dangerous
            UNION ALL
            SELECT prison_id, 'Unknown', kept_unknown, unknown FROM status_difference WHERE kept_unknown <> unknown
            UNION ALL
            SELECT prison_id, 'coming up at ' || {instant} || ' UTC, rule set ' || rule_set, kept, actual
            FROM coming_difference WHERE kept <> actual
            UNION ALL
            SELECT prison_id, 'Coming up page row of ' || number, kept, actual FROM forecast_difference
            ORDER BY 1, 2
            """;
        var connection = db.Database.GetDbConnection();
        await db.Database.OpenConnectionAsync(cancellationToken);
        try
        {
            await using var command = connection.CreateCommand();
            command.CommandText = sql;
            command.Transaction = db.Database.CurrentTransaction?.GetDbTransaction();
            await using var reader = await command.ExecuteReaderAsync(cancellationToken);
            var mismatches = new List<KeptCountMismatch>();
            while (await reader.ReadAsync(cancellationToken))
            {
                mismatches.Add(new KeptCountMismatch(
                    Convert.ToInt32(reader.GetValue(0), System.Globalization.CultureInfo.InvariantCulture), reader.GetString(1),
                    Convert.ToInt64(reader.GetValue(2), System.Globalization.CultureInfo.InvariantCulture),
                    Convert.ToInt64(reader.GetValue(3), System.Globalization.CultureInfo.InvariantCulture)));
            }

            return mismatches;
        }
        finally
        {
            await db.Database.CloseConnectionAsync();
        }
    }

    /// <summary>
    /// Adds to each prison's stripe 0 what its kept counts lack (moving its dashboard stamp), in one transaction that
    /// keeps writers out meanwhile: on PostgreSQL the kept tables are locked first, so a write that has counted waits
    /// for the fix to commit and one that has not counts on top of it. Returns how many counts were put right.
    /// </summary>
    public static Task<int> FixMismatchesAsync(this PrisonDb db, CancellationToken cancellationToken = default) =>
        db.InTransactionAsync(async token =>
        {
            var postgreSql = db.IsPostgreSql;
            if (postgreSql)
            {
                await db.Database.ExecuteSqlRawAsync("LOCK TABLE prison_status_count, prison_coming_up, prison_forecast IN EXCLUSIVE MODE", token);
            }

            var fixedCounts = await db.Database.ExecuteSqlRawAsync(FixStatusCounts, token);
            var fixedComing = await db.Database.ExecuteSqlRawAsync(FixComingUp, token);
            await db.Database.ExecuteSqlRawAsync("DELETE FROM prison_coming_up WHERE prisoners = 0", token);
            var removedRows = await db.Database.ExecuteSqlRawAsync(FixForecastRows, token);
            var addedRows = await db.Database.ExecuteSqlRawAsync(AddForecastRows, token);
            return fixedCounts + fixedComing + removedRows + addedRows;
        }, cancellationToken);
}
