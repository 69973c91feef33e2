using Npgsql;
using NpgsqlTypes;

namespace Prison.Benchmarks.Designs;

/// <summary>
/// The anchor: the dashboard's page written by hand in plain SQL over the product's schema and stored flag, prepared
/// once (as ../shared/anchors/page_c.sql is over its own schema): the ten latest arrivals with their stored status and
/// the prison's kept counts by status and, on the dashboard, its kept count of verdicts coming up; all of them or the
/// dangerous only. The product's statement is measured against
/// it in the same run, since only ratios within one run mean anything on a shared machine.
/// </summary>
public sealed class PlainSqlPage(NpgsqlConnection connection, int prisonId, DateTime comingUpUntilUtc) : IAsyncDisposable
{
    public const string Design = "plain SQL by hand";

    private const string Page = """
        SELECT p.id, p.number, p.name, p.legal_status, s.arrival_date, p.danger_status, p.danger_reasons,
               c.dangerous, c.not_dangerous, c.unknown{1}
        FROM (SELECT sum(dangerous) AS dangerous, sum(not_dangerous) AS not_dangerous, sum(unknown) AS unknown
              FROM prison_status_count WHERE prison_id = @prison) c{2}
        LEFT JOIN LATERAL (
            SELECT s.prisoner_id, s.arrival_date FROM imprisonment s JOIN prisoner p ON p.id = s.prisoner_id
            WHERE s.prison_id = @prison AND s.left_on IS NULL AND s.struck_at IS NULL {0}
            ORDER BY s.arrival_date DESC, p.number LIMIT 10) s ON true
        LEFT JOIN prisoner p ON p.id = s.prisoner_id
        ORDER BY s.arrival_date DESC, p.number
        """;

    // The dashboard also shows how many prisoners' verdicts change within its span: the sum of the prison's kept rows of
    // the rule set in force (the list, Dangerous only, does not show it).
    private const string ComingUp = """
        CROSS JOIN (SELECT coalesce(sum(k.prisoners), 0) AS coming_up FROM prison_coming_up k
                    WHERE k.prison_id = @prison AND k.forecast_at <= @until
                    AND (k.rule_set = (SELECT rule_set FROM rule_set_in_force) OR NOT EXISTS (SELECT FROM rule_set_in_force))) u
        """;

    private readonly NpgsqlCommand topTen = Command(connection, prisonId, comingUpUntilUtc, string.Format(System.Globalization.CultureInfo.InvariantCulture, Page, "", ", u.coming_up", "\n" + ComingUp));
    private readonly NpgsqlCommand dangerous = Command(connection, prisonId, null, string.Format(System.Globalization.CultureInfo.InvariantCulture, Page, "AND p.danger_status = 'Dangerous'", "", ""));

    public async Task PrepareAsync(CancellationToken cancellationToken)
    {
        await topTen.PrepareAsync(cancellationToken);
        await dangerous.PrepareAsync(cancellationToken);
    }

    public Task<int> TopTenAsync(CancellationToken cancellationToken) => ReadAsync(topTen, cancellationToken);

    public Task<int> DangerousAsync(CancellationToken cancellationToken) => ReadAsync(dangerous, cancellationToken);

    public async ValueTask DisposeAsync()
    {
        await topTen.DisposeAsync();
        await dangerous.DisposeAsync();
    }

    private static NpgsqlCommand Command(NpgsqlConnection connection, int prisonId, DateTime? comingUpUntilUtc, string sql)
    {
        var command = new NpgsqlCommand(sql, connection);
        command.Parameters.Add(new NpgsqlParameter("prison", NpgsqlDbType.Integer) { Value = prisonId });
        if (comingUpUntilUtc is { } until)
        {
            command.Parameters.Add(new NpgsqlParameter("until", NpgsqlDbType.TimestampTz) { Value = until });
        }

        return command;
    }

    private static async Task<int> ReadAsync(NpgsqlCommand command, CancellationToken cancellationToken)
    {
        await using var reader = await command.ExecuteReaderAsync(cancellationToken);
        var rows = 0;
        while (await reader.ReadAsync(cancellationToken))
        {
            rows++;
        }

        return rows;
    }
}
