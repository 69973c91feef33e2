using System.Data.Common;
using Microsoft.EntityFrameworkCore.Diagnostics;
using Npgsql;

namespace Prison.Db.Tests.Reads;

/// <summary>
/// Whether the first statement reading from <paramref name="table"/> streamed: when its first entity of
/// <typeparamref name="T"/> was made, was PostgreSQL's reader still on that entity's row (streamed), or already read to
/// its end (EF Core had read every row ahead into a buffer of its own)?
/// </summary>
internal sealed class ReadAheadProbe<T>(string table) : DbCommandInterceptor, IMaterializationInterceptor
    where T : class
{
    private NpgsqlDataReader? _reader;

    public bool? ReaderOnRowAtFirstEntity { get; private set; }

    public override ValueTask<DbDataReader> ReaderExecutedAsync(DbCommand command, CommandExecutedEventData eventData, DbDataReader result, CancellationToken cancellationToken = default)
    {
        if (_reader is null && command.CommandText.Contains($"FROM {table} ", StringComparison.Ordinal))
        {
            _reader = (NpgsqlDataReader)result;
        }

        return ValueTask.FromResult(result);
    }

    public object InitializedInstance(MaterializationInterceptionData materializationData, object entity)
    {
        if (entity is T && _reader is not null && ReaderOnRowAtFirstEntity is null)
        {
            ReaderOnRowAtFirstEntity = _reader.IsOnRow;
        }

        return entity;
    }
}
