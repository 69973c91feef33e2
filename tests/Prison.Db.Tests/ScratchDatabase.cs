using System.Data.Common;
using Microsoft.Data.Sqlite;
using Npgsql;
using Prison.Db.Schema;

namespace Prison.Db.Tests;

/// <summary>A new, empty database for one test: a fresh PostgreSQL database or a SQLite file, removed afterwards.</summary>
internal sealed class ScratchDatabase : IAsyncDisposable
{
    private readonly string _connectionString;
    private readonly Func<Task> _drop;

    private ScratchDatabase(SqlDialect dialect, string connectionString, Func<Task> drop)
    {
        Dialect = dialect;
        _connectionString = connectionString;
        _drop = drop;
    }

    public SqlDialect Dialect { get; }

    public static async Task<ScratchDatabase> CreateAsync(SqlDialect dialect)
    {
        if (dialect == SqlDialect.Sqlite)
        {
            var file = Path.Combine(Path.GetTempPath(), $"prison-test-{Guid.NewGuid():N}.db");
            return new ScratchDatabase(dialect, new SqliteConnectionStringBuilder { DataSource = file, Pooling = false }.ToString(), () =>
            {
                File.Delete(file);
                return Task.CompletedTask;
            });
        }

        var name = $"prison_test_{Guid.NewGuid():N}";
        await AdminAsync($"CREATE DATABASE {name}");
        var connectionString = new NpgsqlConnectionStringBuilder(TestServers.PostgreSql) { Database = name, Pooling = false }.ToString();
        return new ScratchDatabase(dialect, connectionString, () => AdminAsync($"DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
    }

    public async Task<DbConnection> OpenAsync()
    {
        DbConnection connection = Dialect == SqlDialect.Sqlite ? new SqliteConnection(_connectionString) : new NpgsqlConnection(_connectionString);
        await connection.OpenAsync();
        return connection;
    }

    public async Task<long> CountAsync(string sql)
    {
        await using var connection = await OpenAsync();
        await using var command = connection.CreateCommand();
        command.CommandText = sql;
        return Convert.ToInt64(await command.ExecuteScalarAsync());
    }

    public async Task ExecuteAsync(string sql)
    {
        await using var connection = await OpenAsync();
        await using var command = connection.CreateCommand();
        command.CommandText = sql;
        await command.ExecuteNonQueryAsync();
    }

    /// <summary>The names of the tables and their columns, as "table.column", sorted.</summary>
    public async Task<IReadOnlyList<string>> ColumnsAsync()
    {
        var sql = Dialect == SqlDialect.Sqlite
            ? "SELECT m.name || '.' || p.name FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'"
            : "SELECT table_name || '.' || column_name FROM information_schema.columns WHERE table_schema = 'public'";
        await using var connection = await OpenAsync();
        await using var command = connection.CreateCommand();
        command.CommandText = sql;
        await using var reader = await command.ExecuteReaderAsync();
        var columns = new List<string>();
        while (await reader.ReadAsync())
        {
            columns.Add(reader.GetString(0));
        }

        return columns.Order(StringComparer.Ordinal).ToList();
    }

    public async ValueTask DisposeAsync() => await _drop();

    private static async Task AdminAsync(string sql)
    {
        await using var connection = new NpgsqlConnection(TestServers.PostgreSql);
        await connection.OpenAsync();
        await using var command = new NpgsqlCommand(sql, connection);
        await command.ExecuteNonQueryAsync();
    }
}
