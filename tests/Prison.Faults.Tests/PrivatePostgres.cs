using System.Globalization;
using Npgsql;

namespace Prison.Faults.Tests;

/// <summary>
/// A PostgreSQL server of one test's own (scripts/test-servers.sh postgres-node), for a test that restarts its
/// database: the shared server serves the tests running beside it and must never restart.
/// </summary>
public sealed class PrivatePostgres : IAsyncDisposable
{
    private readonly string _name;

    private PrivatePostgres(string name, int port)
    {
        _name = name;
        Port = port;
    }

    public int Port { get; }

    /// <summary>The database the test works in, created at start.</summary>
    public string ConnectionString => $"Host=127.0.0.1;Port={Port};Username=postgres;Database=prison";

    public static async Task<PrivatePostgres> StartAsync()
    {
        var server = new PrivatePostgres($"faults-{Guid.NewGuid():N}"[..15], FreePort());
        try
        {
            await TestServersScript.RunAsync("postgres-node", "start", server._name, server.Port.ToString(CultureInfo.InvariantCulture));
            await using var connection = new NpgsqlConnection($"Host=127.0.0.1;Port={server.Port};Username=postgres;Database=postgres");
            await connection.OpenAsync();
            await using var create = new NpgsqlCommand("CREATE DATABASE prison", connection);
            await create.ExecuteNonQueryAsync();
            return server;
        }
        catch
        {
            await server.DisposeAsync();
            throw;
        }
    }

    /// <summary>A fast shutdown (every session is ended) and a start, as an operator's restart or a failover does.</summary>
    public Task RestartAsync() => TestServersScript.RunAsync("postgres-node", "restart", _name);

    /// <summary>A fast shutdown, and no start: the database stays away until <see cref="StartAgainAsync"/>.</summary>
    public Task StopAsync() => TestServersScript.RunAsync("postgres-node", "stop", _name);

    public Task StartAgainAsync() => TestServersScript.RunAsync("postgres-node", "start", _name, Port.ToString(CultureInfo.InvariantCulture));

    /// <summary>Stops the server and deletes its data.</summary>
    public async ValueTask DisposeAsync()
    {
        NpgsqlConnection.ClearAllPools();
        await TestServersScript.RunAsync("postgres-node", "remove", _name);
    }

    private static int FreePort()
    {
        for (var attempt = 0; attempt < 100; attempt++)
        {
            var port = Random.Shared.Next(40000, 56000);
            if (TestServersScript.IsFree(port))
            {
                return port;
            }
        }

        throw new InvalidOperationException("No free port for a private PostgreSQL server.");
    }
}
