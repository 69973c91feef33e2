using System.Data.Common;
using Microsoft.Data.Sqlite;
using Npgsql;
using RabbitMQ.Client;

namespace Prison.Worker.Hosting;

/// <summary>
/// Fails the start with one clear sentence when a configured server cannot be reached, instead of a stack
/// trace from deep inside the first request or a bus that retries silently in the background.
/// </summary>
public static class StartupChecks
{
    private static readonly TimeSpan Patience = TimeSpan.FromSeconds(15);

    public static async Task EnsureReachableAsync(PrisonSettings settings, CancellationToken cancellationToken = default)
    {
        await EnsureDatabaseReachableAsync(settings, cancellationToken);
        await EnsureBrokerReachableAsync(settings, cancellationToken);
    }

    public static async Task EnsureDatabaseReachableAsync(PrisonSettings settings, CancellationToken cancellationToken = default)
    {
        if (!settings.IsEmbeddedDatabase)
        {
            await using DbConnection connection = new NpgsqlConnection(new NpgsqlConnectionStringBuilder(settings.ConnectionString) { Timeout = (int)Patience.TotalSeconds }.ToString());
            try
            {
                await connection.OpenAsync(cancellationToken);
            }
            catch (Exception error) when (error is DbException or TimeoutException or ArgumentException)
            {
                var target = new NpgsqlConnectionStringBuilder(settings.ConnectionString);
                throw new StartupException($"Cannot reach the PostgreSQL database configured in {settings.ConnectionKey} (host {target.Host}, port {target.Port}, database {target.Database}): {error.Message}", error);
            }
        }
        else
        {
            if (settings.DataFolder is { } folder)
            {
                Directory.CreateDirectory(folder);
            }

            await using var connection = new SqliteConnection(settings.ConnectionString);
            try
            {
                await connection.OpenAsync(cancellationToken);
            }
            catch (SqliteException error)
            {
                throw new StartupException($"Cannot open the SQLite database {connection.DataSource}: {error.Message}", error);
            }
        }
    }

    public static async Task EnsureBrokerReachableAsync(PrisonSettings settings, CancellationToken cancellationToken = default)
    {
        if (settings.RabbitMq is { } rabbit)
        {
            var factory = new ConnectionFactory
            {
                HostName = rabbit.Host, Port = rabbit.Port, VirtualHost = rabbit.VirtualHost, UserName = rabbit.Username, Password = rabbit.Password,
                RequestedConnectionTimeout = Patience, AutomaticRecoveryEnabled = false,
            };
            try
            {
                await using var connection = await factory.CreateConnectionAsync("prison-startup-check", cancellationToken);
            }
            catch (Exception error) when (error is not OperationCanceledException)
            {
                throw new StartupException($"Cannot reach RabbitMQ at {rabbit} (RabbitMq:Host and the keys beside it): {error.GetBaseException().Message}", error);
            }
        }
    }
}
