using Microsoft.EntityFrameworkCore;
using Npgsql;
using Prison.Db;
using Prison.Db.Search;
using Prison.Testing;

namespace Prison.Benchmarks.Data;

/// <summary>
/// A benchmark's database on the test PostgreSQL, named by its size (prison_bench_1000000) and kept between runs:
/// a marker row (generator version, prisoners) says whether the data is already there, so a rerun does not regenerate.
/// </summary>
public sealed class BenchDatabase
{
    private BenchDatabase(string name, int prisoners)
    {
        Name = name;
        Prisoners = prisoners;
        ConnectionString = new NpgsqlConnectionStringBuilder(TestServers.PostgreSql) { Database = name, CommandTimeout = 0, MaxPoolSize = 200 }.ToString();
    }

    public string Name { get; }

    public int Prisoners { get; }

    public string ConnectionString { get; }

    /// <param name="name">null for the size's own database; tests pass a scratch name they drop afterwards.</param>
    public static BenchDatabase For(int prisoners, string? name = null) => new(name ?? $"prison_bench_{prisoners}", prisoners);

    public PrisonDb Open(params Microsoft.EntityFrameworkCore.Diagnostics.IInterceptor[] interceptors) =>
        PrisonDatabase.Open(ConnectionString, null, interceptors);

    public NpgsqlConnection Connect() => new(ConnectionString);

    /// <summary>Creates, migrates with the product's migrations, generates and evaluates what is missing. Returns what it did.</summary>
    /// <param name="evaluate">false for the full re-evaluation benchmark, which computes the verdicts itself.</param>
    public async Task<string> EnsureReadyAsync(CancellationToken cancellationToken, bool evaluate = true)
    {
        await EnsureMigratedAsync(cancellationToken);

        var done = new List<string>();
        if (!await DataGenerator.IsCurrentAsync(this, cancellationToken))
        {
            done.Add($"generated {Prisoners:N0} prisoners in {await DataGenerator.GenerateAsync(this, cancellationToken):0.0} s");
        }

        // The generator writes prisoners in SQL, and a data set kept from before migration 014 has none: their search keys
        // are made as migrating makes those of prisoners stored before the keys were.
        await using (var db = Open())
        {
            var start = System.Diagnostics.Stopwatch.GetTimestamp();
            if (await db.AddMissingSearchKeysAsync(cancellationToken: cancellationToken) is > 0 and var keys)
            {
                done.Add($"wrote the search keys of {keys:N0} prisoners in {System.Diagnostics.Stopwatch.GetElapsedTime(start).TotalSeconds:0.0} s");
            }
        }

        var unknown = await ScalarAsync<long>("SELECT COUNT(*) FROM prisoner WHERE danger_status = 'Unknown'", cancellationToken);
        if (evaluate && unknown > 0)
        {
            done.Add($"evaluated {unknown:N0} prisoners in {await StoredVerdicts.ComputeAsync(this, cancellationToken):0.0} s");
        }

        // The outbox holds an event for every generated stay and verdict, and for every change an earlier benchmark made:
        // no news to a consumer of the benchmark that follows, whose worker would otherwise relay them all first.
        await ExecuteAsync("TRUNCATE prison_event", cancellationToken);

        // Earlier benchmarks (commit to verdict, re-evaluation) change stays and verdicts faster than autovacuum
        // re-analyses: with stale statistics PostgreSQL took the largest prison for a small one and sorted all of its
        // stays (the top ten at 10,000 prisoners: 2.3 ms, 0.4 after ANALYZE). Every design is measured on fresh ones.
        // They also leave dead rows (a re-evaluation rewrites every prisoner): vacuumed now, not by autovacuum in the
        // middle of the next benchmark, as they would have been long before in a server's ordinary day.
        await using (var connection = Connect())
        {
            await connection.OpenAsync(cancellationToken);
            await using var analyze = new NpgsqlCommand("VACUUM (ANALYZE)", connection);
            await analyze.ExecuteNonQueryAsync(cancellationToken);
        }

        return done.Count == 0
            ? $"{Name}: data kept from an earlier run ({await ScalarAsync<string>("SELECT to_jsonb(m)::text FROM bench_marker m", cancellationToken)})"
            : $"{Name}: {string.Join(", ", done)}";
    }

    /// <summary>Creates the database if missing and runs the product's migrations: the schema, and no data.</summary>
    public async Task EnsureMigratedAsync(CancellationToken cancellationToken)
    {
        await CreateIfMissingAsync(cancellationToken);
        await using var db = Open();
        await db.Database.MigrateAsync(cancellationToken);
    }

    public async Task<T> ScalarAsync<T>(string sql, CancellationToken cancellationToken)
    {
        await using var connection = Connect();
        await connection.OpenAsync(cancellationToken);
        await using var command = new NpgsqlCommand(sql, connection);
        return (T)Convert.ChangeType((await command.ExecuteScalarAsync(cancellationToken))!, typeof(T), System.Globalization.CultureInfo.InvariantCulture);
    }

    public async Task ExecuteAsync(string sql, CancellationToken cancellationToken)
    {
        await using var connection = Connect();
        await connection.OpenAsync(cancellationToken);
        await using var command = new NpgsqlCommand(sql, connection);
        await command.ExecuteNonQueryAsync(cancellationToken);
    }

    public async Task DropAsync()
    {
        NpgsqlConnection.ClearAllPools();
        await AdminAsync($"DROP DATABASE IF EXISTS {Name} WITH (FORCE)", CancellationToken.None);
    }

    private async Task CreateIfMissingAsync(CancellationToken cancellationToken)
    {
        await using var connection = new NpgsqlConnection(TestServers.PostgreSql);
        await connection.OpenAsync(cancellationToken);
        await using var exists = new NpgsqlCommand("SELECT 1 FROM pg_database WHERE datname = @name", connection);
        exists.Parameters.AddWithValue("name", Name);
        if (await exists.ExecuteScalarAsync(cancellationToken) is null)
        {
            await AdminAsync($"CREATE DATABASE {Name}", cancellationToken);
        }
    }

    private static async Task AdminAsync(string sql, CancellationToken cancellationToken)
    {
        await using var connection = new NpgsqlConnection(TestServers.PostgreSql);
        await connection.OpenAsync(cancellationToken);
        await using var command = new NpgsqlCommand(sql, connection);
        await command.ExecuteNonQueryAsync(cancellationToken);
    }
}
