using System.Data.Common;
using Microsoft.EntityFrameworkCore.Diagnostics;
using Npgsql;

namespace Prison.Testing;

/// <summary>
/// Before each statement EF Core sends whose text contains <paramref name="marker"/>, asks PostgreSQL for its plan, with
/// the same parameters; with <paramref name="analyze"/>, the plan as run (EXPLAIN ANALYZE: for reads, which it runs once
/// more), saying which parts never ran.
/// </summary>
public sealed class PlanRecorder(string marker, bool analyze = false) : DbCommandInterceptor
{
    public List<string> Plans { get; } = [];

    public override async ValueTask<InterceptionResult<int>> NonQueryExecutingAsync(
        DbCommand command, CommandEventData eventData, InterceptionResult<int> result, CancellationToken cancellationToken = default)
    {
        await RecordAsync(command, cancellationToken);
        return result;
    }

    public override async ValueTask<InterceptionResult<DbDataReader>> ReaderExecutingAsync(
        DbCommand command, CommandEventData eventData, InterceptionResult<DbDataReader> result, CancellationToken cancellationToken = default)
    {
        await RecordAsync(command, cancellationToken);
        return result;
    }

    private async Task RecordAsync(DbCommand command, CancellationToken cancellationToken)
    {
        if (!command.CommandText.Contains(marker, StringComparison.Ordinal))
        {
            return;
        }

        await using var explain = new NpgsqlCommand((analyze ? "EXPLAIN ANALYZE " : "EXPLAIN ") + command.CommandText, (NpgsqlConnection)command.Connection!, (NpgsqlTransaction?)command.Transaction);
        foreach (NpgsqlParameter parameter in command.Parameters)
        {
            explain.Parameters.Add(parameter.Clone());
        }

        var lines = new List<string>();
        await using var reader = await explain.ExecuteReaderAsync(cancellationToken);
        while (await reader.ReadAsync(cancellationToken))
        {
            lines.Add(reader.GetString(0));
        }

        Plans.Add(string.Join('\n', lines));
    }
}
