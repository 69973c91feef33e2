using Npgsql;
using NpgsqlTypes;

namespace Prison.Benchmarks.Designs;

/// <summary>
/// Design B: the dashboard in ONE SQL statement with every enabled rule as a sub-query. The analysis' shape computes
/// the flag for every current prisoner of the prison and then takes the page (the flag is a derived column the page
/// filters and sorts around); the hand-tuned form takes the ten rows first and runs the rules for those rows only.
/// </summary>
public sealed class DesignB(IReadOnlyCollection<string> enabledCodes)
{
    private const string CurrentStays = """
        FROM imprisonment s JOIN prisoner p ON p.id = s.prisoner_id
        WHERE s.prison_id = @prison AND s.left_on IS NULL AND s.struck_at IS NULL
        """;

    private string Dangerous => DesignBRules.Dangerous(enabledCodes);

    /// <summary>The analysis' shape: the flag for every current prisoner (OFFSET 0 keeps it a derived table, as a view would be), then the page.</summary>
    public string AnalysisPage(bool dangerousOnly) => $"""
        SELECT id, number, name, arrival_date, dangerous FROM (
            SELECT p.id, p.number, p.name, s.arrival_date, {Dangerous} AS dangerous
            {CurrentStays}
            OFFSET 0) flagged
        {(dangerousOnly ? "WHERE dangerous" : "")}
        ORDER BY arrival_date DESC, number LIMIT 10
        """;

    /// <summary>Hand-tuned: the ten rows first, then the rules for those ten only. Dangerous-only walks the arrivals index until ten match.</summary>
    public string TunedPage(bool dangerousOnly) => dangerousOnly
        ? $"""
            SELECT p.id, p.number, p.name, s.arrival_date, true AS dangerous
            {CurrentStays} AND {Dangerous}
            ORDER BY s.arrival_date DESC, p.number LIMIT 10
            """
        : $"""
            WITH top AS MATERIALIZED (
                SELECT s.id AS stay FROM imprisonment s JOIN prisoner p ON p.id = s.prisoner_id
                WHERE s.prison_id = @prison AND s.left_on IS NULL AND s.struck_at IS NULL ORDER BY s.arrival_date DESC, p.number LIMIT 10)
            SELECT p.id, p.number, p.name, s.arrival_date, {Dangerous} AS dangerous
            FROM top JOIN imprisonment s ON s.id = top.stay JOIN prisoner p ON p.id = s.prisoner_id
            ORDER BY s.arrival_date DESC, p.number
            """;

    /// <summary>Counts by status need the flag of every current prisoner: no tuning avoids that.</summary>
    public string Counts => $"""
        SELECT dangerous, COUNT(*) FROM (SELECT {Dangerous} AS dangerous {CurrentStays}) flagged GROUP BY dangerous
        """;

    /// <summary>Every current prisoner of the prison with the flag (for the test that B agrees with the domain).</summary>
    public string AllFlags => $"SELECT p.id, {Dangerous} AS dangerous {CurrentStays}";

    /// <summary>Runs one of the statements above; returns the rows as (id, dangerous) or (dangerous, count).</summary>
    public static async Task<List<(object Key, object Value)>> RunAsync(NpgsqlConnection connection, string sql, int prisonId, DateOnly today, CancellationToken cancellationToken)
    {
        await using var command = new NpgsqlCommand(sql, connection);
        command.Parameters.Add(new NpgsqlParameter("prison", NpgsqlDbType.Integer) { Value = prisonId });
        command.Parameters.Add(new NpgsqlParameter("today", NpgsqlDbType.Date) { Value = today });
        await using var reader = await command.ExecuteReaderAsync(cancellationToken);
        var rows = new List<(object, object)>();
        while (await reader.ReadAsync(cancellationToken))
        {
            rows.Add((reader.GetValue(0), reader.GetValue(reader.FieldCount - 1)));
        }

        return rows;
    }
}
