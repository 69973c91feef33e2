using System.Data.Common;
using System.Text.Json;
using Microsoft.EntityFrameworkCore.Diagnostics;
using Npgsql;

namespace Prison.Db.Tests.Reads;

/// <summary>
/// Keeps the text and parameters of every statement EF Core sends, and measures each as PostgreSQL runs it: the shared
/// buffers its plan touched under EXPLAIN (ANALYZE, BUFFERS), a count of pages that does not depend on the clock or
/// on how busy the machine is. The statement runs once more to be measured; the least of two runs is kept, so that a
/// first run's hint-bit writes do not count.
/// </summary>
internal sealed class StatementBuffers : DbCommandInterceptor
{
    private readonly List<(string Text, NpgsqlParameter[] Parameters)> statements = [];

    public int Count => statements.Count;

    /// <summary>The plan of the last statement measured, as PostgreSQL ran it, for the message of a failed budget.</summary>
    public string LastPlan { get; private set; } = string.Empty;

    /// <summary>The text of the last statement measured, as EF Core sent it.</summary>
    public string LastText { get; private set; } = string.Empty;

    public void Reset() => statements.Clear();

    public override ValueTask<InterceptionResult<DbDataReader>> ReaderExecutingAsync(
        DbCommand command, CommandEventData eventData, InterceptionResult<DbDataReader> result, CancellationToken cancellationToken = default)
    {
        statements.Add((command.CommandText, [.. command.Parameters.Cast<NpgsqlParameter>().Select(p => p.Clone())]));
        return ValueTask.FromResult(result);
    }

    /// <summary>The buffers the statements recorded since the last <see cref="Reset"/> touch, summed.</summary>
    public async Task<long> MeasureAsync(ScratchDatabase database)
    {
        await using var connection = (NpgsqlConnection)await database.OpenConnectionAsync();
        long total = 0;
        foreach (var (text, parameters) in statements)
        {
            long least = long.MaxValue;
            for (var run = 0; run < 2; run++)
            {
                await using var explain = new NpgsqlCommand("EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) " + text, connection);
                await using var shown = new NpgsqlCommand("EXPLAIN (ANALYZE, BUFFERS) " + text, connection);
                foreach (var parameter in parameters)
                {
                    explain.Parameters.Add(parameter.Clone());
                    shown.Parameters.Add(parameter.Clone());
                }

                var lines = new List<string>();
                await using (var reader = await shown.ExecuteReaderAsync())
                {
                    while (await reader.ReadAsync())
                    {
                        lines.Add(reader.GetString(0));
                    }
                }

                LastPlan = string.Join('\n', lines);
                LastText = text;

                using var plan = JsonDocument.Parse((string)(await explain.ExecuteScalarAsync())!);
                var root = plan.RootElement[0].GetProperty("Plan");
                least = Math.Min(least, root.GetProperty("Shared Hit Blocks").GetInt64() + root.GetProperty("Shared Read Blocks").GetInt64());
            }

            total += least;
        }

        return total;
    }
}
