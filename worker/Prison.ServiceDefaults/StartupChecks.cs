using System.Data.Common;
using Microsoft.Data.Sqlite;
using Npgsql;
using RabbitMQ.Client;

namespace Prison.ServiceDefaults;

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
            await using var connection = new NpgsqlConnection(new NpgsqlConnectionStringBuilder(settings.ConnectionString) { Timeout = (int)Patience.TotalSeconds }.ToString());
            try
            {
                await connection.OpenAsync(cancellationToken);
            }
            catch (Exception error) when (error is DbException or TimeoutException or ArgumentException)
            {
                var target = new NpgsqlConnectionStringBuilder(settings.ConnectionString);
                throw new StartupException($"Cannot reach the PostgreSQL database configured in {settings.ConnectionKey} (host {target.Host}, port {target.Port}, database {target.Database}): {error.Message}", error);
            }

            if (settings.ApplicationRole is { } role && settings.ConnectionKey == "ConnectionStrings:Prison")
            {
                await EnsureApplicationRoleAsync(connection, settings.ConnectionKey, role, cancellationToken);
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

    /// <summary>
    /// With Database:ApplicationRole set, the connection must be that role's, without the owner's rights: a
    /// deployment that left web or the worker on the owner's or the superuser's connection would run with every right.
    /// </summary>
    private static async Task EnsureApplicationRoleAsync(NpgsqlConnection connection, string key, string role, CancellationToken cancellationToken)
    {
        await using var command = new NpgsqlCommand(
            """
            SELECT current_user,
                   coalesce((SELECT pg_has_role(current_user, oid, 'MEMBER') FROM pg_roles WHERE rolname = $1), false),
                   (SELECT rolsuper FROM pg_roles WHERE rolname = current_user),
                   coalesce((SELECT pg_has_role(current_user, relowner, 'USAGE') FROM pg_class WHERE oid = to_regclass('audit_entry')), false)
            """,
            connection);
        command.Parameters.Add(new NpgsqlParameter { Value = role });
        await using var reader = await command.ExecuteReaderAsync(cancellationToken);
        await reader.ReadAsync(cancellationToken);
        var (user, member, superuser, owner) = (reader.GetString(0), reader.GetBoolean(1), reader.GetBoolean(2), reader.GetBoolean(3));
        var reason = !member ? "which is not that role" : superuser ? "a superuser" : owner ? "which holds the rights of the audit log's owner" : null;
        if (reason is not null)
        {
            throw new StartupException(
                $"{key} connects as '{user}', {reason}, while Database:ApplicationRole is '{role}': web and worker connect as that role (migrate alone as the owner, with ConnectionStrings:PrisonOwner).");
        }
    }

    public static async Task EnsureBrokerReachableAsync(PrisonSettings settings, CancellationToken cancellationToken = default)
    {
        if (settings.RabbitMq is { } rabbit)
        {
            var factory = new ConnectionFactory
            {
                HostName = rabbit.Host, Port = rabbit.Port, VirtualHost = rabbit.VirtualHost, UserName = rabbit.Username, Password = rabbit.Password, Ssl = rabbit.Ssl,
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
