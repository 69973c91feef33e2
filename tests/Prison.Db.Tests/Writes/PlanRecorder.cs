using System.Data.Common;
using Microsoft.EntityFrameworkCore.Diagnostics;
using Npgsql;

namespace Prison.Db.Tests.Writes;

/// <summary>Before each statement EF Core sends whose text contains <paramref name="marker"/>, asks PostgreSQL for its plan, with the same parameters.</summary>
internal sealed class PlanRecorder(string marker) : DbCommandInterceptor
{
    public List<string> Plans { get; } = [];

    public override async ValueTask<InterceptionResult<int>> NonQueryExecutingAsync(
        DbCommand command, CommandEventData eventData, InterceptionResult<int> result, CancellationToken cancellationToken = default)
    {
        await ExplainAsync(command, cancellationToken);
        return result;
    }

    public override async ValueTask<InterceptionResult<DbDataReader>> ReaderExecutingAsync(
        DbCommand command, CommandEventData eventData, InterceptionResult<DbDataReader> result, CancellationToken cancellationToken = default)
    {
        await ExplainAsync(command, cancellationToken);
        return result;
    }

    private async Task ExplainAsync(DbCommand command, CancellationToken cancellationToken)
    {
        if (command.CommandText.Contains(marker, StringComparison.Ordinal))
        {
            await using var explain = new NpgsqlCommand("EXPLAIN " + command.CommandText, (NpgsqlConnection)command.Connection!, (NpgsqlTransaction?)command.Transaction);
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
}
