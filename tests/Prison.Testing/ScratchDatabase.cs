using System.Data.Common;
using Microsoft.Data.Sqlite;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Diagnostics;
using Npgsql;
using Prison.Db;

namespace Prison.Testing;

public enum Engine
{
    PostgreSql,
    Sqlite,
}

/// <summary>A new, empty database for one test: a fresh PostgreSQL database or a SQLite file, removed afterwards.</summary>
public sealed class ScratchDatabase : IAsyncDisposable
{
    private readonly Func<Task> _drop;

    private ScratchDatabase(Engine engine, string connectionString, Func<Task> drop)
    {
        Engine = engine;
        ConnectionString = connectionString;
        _drop = drop;
    }

    public Engine Engine { get; }

    public string ConnectionString { get; }

    public static async Task<ScratchDatabase> CreateAsync(Engine engine)
    {
        if (engine == Engine.Sqlite)
        {
            var file = Path.Combine(Path.GetTempPath(), $"prison-test-{Guid.NewGuid():N}.db");
            return new ScratchDatabase(engine, new SqliteConnectionStringBuilder { DataSource = file, Pooling = false, DefaultTimeout = 30 }.ToString(), () =>
            {
                foreach (var path in new[] { file, file + "-wal", file + "-shm" })
                {
                    File.Delete(path);
                }

                return Task.CompletedTask;
            });
        }

        var name = $"prison_test_{Guid.NewGuid():N}";
        await AdminAsync($"CREATE DATABASE {name}");
        return ForPostgreSql(name);
    }

    private static ScratchDatabase ForPostgreSql(string name) =>
        new(Engine.PostgreSql, new NpgsqlConnectionStringBuilder(TestServers.PostgreSql) { Database = name }.ToString(), async () =>
        {
            NpgsqlConnection.ClearAllPools();
            await AdminAsync($"DROP DATABASE IF EXISTS {name} WITH (FORCE)");
        });

    /// <summary>
    /// A database with every migration applied: a copy of one migrated once per test process and engine, since
    /// copying a database costs a fraction of running every migration again (the migrations' own tests migrate).
    /// </summary>
    public static async Task<ScratchDatabase> MigratedAsync(Engine engine)
    {
        var template = await MigratedTemplates[engine].Value;
        if (engine == Engine.Sqlite)
        {
            var copy = await CreateAsync(engine);
            File.Copy(template.Name, new SqliteConnectionStringBuilder(copy.ConnectionString).DataSource);
            return copy;
        }

        var name = $"prison_test_{Guid.NewGuid():N}";
        await AdminAsync($"CREATE DATABASE {name} TEMPLATE {template.Name}");
        return ForPostgreSql(name);
    }

    private static readonly IReadOnlyDictionary<Engine, Lazy<Task<MigratedTemplate>>> MigratedTemplates = Enum.GetValues<Engine>()
        .ToDictionary(engine => engine, engine => new Lazy<Task<MigratedTemplate>>(() => MigrateTemplateAsync(engine)));

    /// <summary>A migrated SQLite file's path or PostgreSQL database's name, which no connection holds open.</summary>
    private sealed record MigratedTemplate(string Name);

    private static async Task<MigratedTemplate> MigrateTemplateAsync(Engine engine)
    {
        var template = await CreateAsync(engine);

        // PostgreSQL copies a template only while nobody is connected to it: no connection may wait in a pool.
        var unpooled = engine == Engine.Sqlite
            ? template.ConnectionString
            : new NpgsqlConnectionStringBuilder(template.ConnectionString) { Pooling = false }.ToString();
        await using (var db = PrisonDatabase.Open(unpooled))
        {
            await db.Database.MigrateAsync();
        }

        AppDomain.CurrentDomain.ProcessExit += (_, _) => template.DisposeAsync().AsTask().GetAwaiter().GetResult();
        if (engine == Engine.Sqlite)
        {
            // Its connections are not pooled: closed, the file holds everything.
            return new MigratedTemplate(new SqliteConnectionStringBuilder(template.ConnectionString).DataSource);
        }

        return new MigratedTemplate(new NpgsqlConnectionStringBuilder(template.ConnectionString).Database!);
    }

    public PrisonDb Open(TimeProvider? clock = null, params IInterceptor[] interceptors) =>
        PrisonDatabase.Open(ConnectionString, clock, interceptors);

    /// <summary>A unit of work whose changes the audit log records as made by <paramref name="actor"/>.</summary>
    public PrisonDb OpenAs(string actor, TimeProvider? clock = null, params IInterceptor[] interceptors) =>
        PrisonDatabase.OpenAs(new Prison.Db.Audit.AuditActor(actor), ConnectionString, clock, interceptors);

    public async Task<DbConnection> OpenConnectionAsync()
    {
        DbConnection connection = Engine == Engine.Sqlite ? new SqliteConnection(ConnectionString) : new NpgsqlConnection(ConnectionString);
        await connection.OpenAsync();
        return connection;
    }

    public async Task<T?> ScalarAsync<T>(string sql)
    {
        await using var connection = await OpenConnectionAsync();
        await using var command = connection.CreateCommand();
        command.CommandText = sql;
        var value = await command.ExecuteScalarAsync();
        return value is null or DBNull ? default : (T)Convert.ChangeType(value, Nullable.GetUnderlyingType(typeof(T)) ?? typeof(T), System.Globalization.CultureInfo.InvariantCulture);
    }

    /// <summary>An id as a SQL literal in this engine's spelling: SQLite keeps EF Core's upper-case text.</summary>
    public string Literal(Guid id) => Engine == Engine.PostgreSql ? $"'{id}'" : $"'{id.ToString().ToUpperInvariant()}'";

    public async Task ExecuteAsync(string sql)
    {
        await using var connection = await OpenConnectionAsync();
        await using var command = connection.CreateCommand();
        command.CommandText = sql;
        await command.ExecuteNonQueryAsync();
    }

    public async Task<IReadOnlyList<string[]>> RowsAsync(string sql)
    {
        await using var connection = await OpenConnectionAsync();
        await using var command = connection.CreateCommand();
        command.CommandText = sql;
        await using var reader = await command.ExecuteReaderAsync();
        var rows = new List<string[]>();
        while (await reader.ReadAsync())
        {
            rows.Add(Enumerable.Range(0, reader.FieldCount).Select(i => reader.IsDBNull(i) ? "NULL" : Convert.ToString(reader.GetValue(i), System.Globalization.CultureInfo.InvariantCulture)!).ToArray());
        }

        return rows;
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
