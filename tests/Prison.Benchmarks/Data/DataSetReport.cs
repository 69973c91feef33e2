using System.Globalization;
using Npgsql;
using Prison.Benchmarks.Reporting;

namespace Prison.Benchmarks.Data;

/// <summary>What a generated data set holds: rows per table, and how many prisoners each rule flags (every enabled rule fires for some).</summary>
public static class DataSetReport
{
    public static async Task WriteAsync(BenchDatabase database, string output, string prepared, CancellationToken cancellationToken)
    {
        await using var connection = database.Connect();
        await connection.OpenAsync(cancellationToken);
        var rules = await RowsAsync(connection, """
            SELECT code, COUNT(*) FROM prisoner, unnest(string_to_array(danger_reasons, ' ')) AS code
            WHERE danger_status <> 'Unknown' GROUP BY code ORDER BY COUNT(*) DESC, code
            """, cancellationToken);
        var tables = await RowsAsync(connection, """
            SELECT relname, n_live_tup FROM pg_stat_user_tables
            WHERE schemaname = 'public' AND relname NOT IN ('bench_marker', '__EFMigrationsHistory') AND n_live_tup > 0 ORDER BY n_live_tup DESC
            """, cancellationToken);
        var dangerous = await database.ScalarAsync<decimal>(
            "SELECT round(100.0 * COUNT(*) FILTER (WHERE danger_status = 'Dangerous') / COUNT(*), 1) FROM prisoner", cancellationToken);
        var body = $"{dangerous} % of prisoners are dangerous (stored flags). Prisoners each rule flags:\n\n" +
                   BenchmarkReport.Table(["rule", "prisoners"], rules) + "\nRows per table (PostgreSQL's estimate):\n\n" + BenchmarkReport.Table(["table", "rows"], tables);
        await BenchmarkReport.WriteSectionAsync(output, $"data-{database.Prisoners}", $"Data set, {database.Prisoners:N0} prisoners",
            $"dotnet run -c Release --project tests/Prison.Benchmarks -- generate --prisoners {database.Prisoners}", await Machine.DescribeAsync(cancellationToken), body,
            $"Generated set-based by tests/Prison.Benchmarks/Data/DataGenerator.cs (version {DataGenerator.Version}) into the database {database.Name}; {prepared}. " +
            "Rule 35 (ArrivedInLast7Days) ships disabled, so it flags no one.");
    }

    private static async Task<List<IReadOnlyList<string>>> RowsAsync(NpgsqlConnection connection, string sql, CancellationToken cancellationToken)
    {
        await using var command = new NpgsqlCommand(sql, connection);
        await using var reader = await command.ExecuteReaderAsync(cancellationToken);
        var rows = new List<IReadOnlyList<string>>();
        while (await reader.ReadAsync(cancellationToken))
        {
            rows.Add([reader.GetString(0), reader.GetInt64(1).ToString("N0", CultureInfo.InvariantCulture)]);
        }

        return rows;
    }
}
