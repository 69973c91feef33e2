using System.Data.Common;
using System.Globalization;

namespace Prison.Db.Schema;

/// <summary>
/// Brings a database's schema up to date with the numbered migrations. Each migration runs in its own
/// transaction together with its row in <c>schema_migrations</c>, so a failing script leaves the database as
/// it was before that script. Several processes may start at once (web and workers): on PostgreSQL they take
/// turns on an advisory lock, on SQLite on the database's write lock.
/// </summary>
public sealed class MigrationRunner(SqlDialect dialect, IReadOnlyList<Migration> migrations)
{
    // Any fixed number works: it only has to be the same in every process that migrates this database.
    private const long PostgreSqlLockKey = 7_320_518_001;

    public MigrationRunner(SqlDialect dialect)
        : this(dialect, MigrationSource.Embedded(dialect))
    {
    }

    /// <summary>Applies the pending migrations and returns them (empty when the schema was already current).</summary>
    public async Task<IReadOnlyList<Migration>> ApplyAsync(DbConnection connection, CancellationToken cancellationToken = default)
    {
        if (connection.State != System.Data.ConnectionState.Open)
        {
            await connection.OpenAsync(cancellationToken);
        }

        if (dialect == SqlDialect.PostgreSql)
        {
            await ExecuteAsync(connection, null, $"SELECT pg_advisory_lock({PostgreSqlLockKey})", cancellationToken);
        }

        try
        {
            await ExecuteAsync(connection, null, CreateHistoryTable, cancellationToken);
            var applied = new List<Migration>();
            foreach (var migration in migrations)
            {
                if (await ApplyOneAsync(connection, migration, cancellationToken))
                {
                    applied.Add(migration);
                }
            }

            return applied;
        }
        finally
        {
            if (dialect == SqlDialect.PostgreSql)
            {
                await ExecuteAsync(connection, null, $"SELECT pg_advisory_unlock({PostgreSqlLockKey})", CancellationToken.None);
            }
        }
    }

    private string CreateHistoryTable => dialect == SqlDialect.PostgreSql
        ? "CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name varchar(200) NOT NULL, checksum char(64) NOT NULL, applied_at timestamp NOT NULL)"
        : "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL, applied_at TEXT NOT NULL)";

    private async Task<bool> ApplyOneAsync(DbConnection connection, Migration migration, CancellationToken cancellationToken)
    {
        // On SQLite, BEGIN IMMEDIATE takes the write lock before the history is read, so two processes
        // cannot both decide that the same migration is pending.
        await using var transaction = dialect == SqlDialect.Sqlite
            ? await BeginImmediateAsync(connection, cancellationToken)
            : await connection.BeginTransactionAsync(cancellationToken);
        var history = await ReadHistoryAsync(connection, transaction, cancellationToken);
        CheckHistory(history);
        if (history.ContainsKey(migration.Version))
        {
            return false;
        }

        try
        {
            await ExecuteAsync(connection, transaction, migration.Sql, cancellationToken);
        }
        catch (DbException error)
        {
            throw new InvalidOperationException($"Migration {migration} failed and was rolled back: {error.Message}", error);
        }

        await using (var record = connection.CreateCommand())
        {
            record.Transaction = transaction;
            record.CommandText = "INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (@version, @name, @checksum, @appliedAt)";
            AddParameter(record, "version", migration.Version);
            AddParameter(record, "name", migration.Name);
            AddParameter(record, "checksum", migration.Checksum);
            AddParameter(record, "appliedAt", dialect == SqlDialect.PostgreSql ? DateTime.UtcNow : DateTime.UtcNow.ToString("O", CultureInfo.InvariantCulture));
            await record.ExecuteNonQueryAsync(cancellationToken);
        }

        await transaction.CommitAsync(cancellationToken);
        return true;
    }

    /// <summary>Refuses a database whose applied scripts differ from the ones shipped, or that is newer than this program.</summary>
    private void CheckHistory(IReadOnlyDictionary<int, string> history)
    {
        foreach (var (version, checksum) in history.OrderBy(h => h.Key))
        {
            var known = migrations.FirstOrDefault(m => m.Version == version)
                ?? throw new InvalidOperationException($"The database has migration {version:000}, which this program does not know: it was migrated by a newer version of Prison. Run that version, or restore a matching backup.");
            if (!string.Equals(known.Checksum, checksum, StringComparison.Ordinal))
            {
                throw new InvalidOperationException($"Migration {known} was changed after it was applied to this database. Restore its original text and put schema changes in a new numbered migration.");
            }
        }
    }

    private static async Task<Dictionary<int, string>> ReadHistoryAsync(DbConnection connection, DbTransaction transaction, CancellationToken cancellationToken)
    {
        await using var command = connection.CreateCommand();
        command.Transaction = transaction;
        command.CommandText = "SELECT version, checksum FROM schema_migrations";
        await using var reader = await command.ExecuteReaderAsync(cancellationToken);
        var history = new Dictionary<int, string>();
        while (await reader.ReadAsync(cancellationToken))
        {
            history[Convert.ToInt32(reader.GetValue(0), CultureInfo.InvariantCulture)] = reader.GetString(1).Trim();
        }

        return history;
    }

    private static async Task<DbTransaction> BeginImmediateAsync(DbConnection connection, CancellationToken cancellationToken) =>
        connection is Microsoft.Data.Sqlite.SqliteConnection sqlite
            ? sqlite.BeginTransaction(deferred: false)
            : await connection.BeginTransactionAsync(cancellationToken);

    private static async Task ExecuteAsync(DbConnection connection, DbTransaction? transaction, string sql, CancellationToken cancellationToken)
    {
        await using var command = connection.CreateCommand();
        command.Transaction = transaction;
        command.CommandText = sql;
        await command.ExecuteNonQueryAsync(cancellationToken);
    }

    private static void AddParameter(DbCommand command, string name, object value)
    {
        var parameter = command.CreateParameter();
        parameter.ParameterName = name;
        parameter.Value = value;
        command.Parameters.Add(parameter);
    }
}
