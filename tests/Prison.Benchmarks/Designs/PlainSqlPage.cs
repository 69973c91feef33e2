using Npgsql;
using NpgsqlTypes;

namespace Prison.Benchmarks.Designs;

/// <summary>
/// The anchor: the dashboard's page written by hand in plain SQL over the product's schema and stored flag, prepared
/// once (as ../shared/anchors/page_c.sql is over its own schema): the ten latest arrivals with their stored status and
/// the prison's kept counts by status, all of them or the dangerous only. The product's statement is measured against
/// it in the same run, since only ratios within one run mean anything on a shared machine.
/// </summary>
public sealed class PlainSqlPage(NpgsqlConnection connection, int prisonId) : IAsyncDisposable
{
    public const string Design = "plain SQL by hand";

    private const string Page = """
        SELECT p.id, p.number, p.name, p.legal_status, s.arrival_date, p.danger_status, p.danger_reasons,
               c.dangerous, c.not_dangerous, c.unknown
        FROM (SELECT sum(dangerous) AS dangerous, sum(not_dangerous) AS not_dangerous, sum(unknown) AS unknown
              FROM prison_status_count WHERE prison_id = @prison) c
        LEFT JOIN LATERAL (
            SELECT s.prisoner_id, s.arrival_date FROM imprisonment s JOIN prisoner p ON p.id = s.prisoner_id
            WHERE s.prison_id = @prison AND s.left_on IS NULL AND s.struck_at IS NULL {0}
            ORDER BY s.arrival_date DESC, p.number LIMIT 10) s ON true
        LEFT JOIN prisoner p ON p.id = s.prisoner_id
        ORDER BY s.arrival_date DESC, p.number
        """;

    private readonly NpgsqlCommand topTen = Command(connection, prisonId, string.Format(System.Globalization.CultureInfo.InvariantCulture, Page, ""));
    private readonly NpgsqlCommand dangerous = Command(connection, prisonId, string.Format(System.Globalization.CultureInfo.InvariantCulture, Page, "AND p.danger_status = 'Dangerous'"));

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

    private static NpgsqlCommand Command(NpgsqlConnection connection, int prisonId, string sql)
    {
        var command = new NpgsqlCommand(sql, connection);
        command.Parameters.Add(new NpgsqlParameter("prison", NpgsqlDbType.Integer) { Value = prisonId });
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
