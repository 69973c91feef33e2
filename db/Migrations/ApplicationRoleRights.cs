using System.Data.Common;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>
/// What the PostgreSQL role web and worker connect as may do, when the schema belongs to another role (the one
/// migrate connects as): read and write the rows of every table, but only read and append to the audit log and only
/// read the migration history; never alter, drop or create anything, nor grant. Given again on every migrate, after
/// the migrations, so each new table is covered and nothing granted by hand outlives it.
/// </summary>
public static class ApplicationRoleRights
{
    /// <summary>
    /// Why <paramref name="role"/> cannot be the application role, or null when it can: it must exist and hold no
    /// right of the owner's (be neither the owner, nor a member of it, nor a superuser).
    /// </summary>
    public static async Task<string?> ProblemAsync(this PrisonDb db, string role, CancellationToken cancellationToken = default)
    {
        var connection = db.Database.GetDbConnection();
        await using var command = connection.CreateCommand();
        command.CommandText = """
            SELECT rolsuper OR rolbypassrls OR rolcreaterole, pg_has_role(oid, current_user, 'MEMBER'), current_user
            FROM pg_roles WHERE rolname = @role
            """;
        AddParameter(command, "role", role);
        await using var reader = await command.ExecuteReaderAsync(cancellationToken);
        if (!await reader.ReadAsync(cancellationToken))
        {
            return $"Database:ApplicationRole is '{role}', a role this PostgreSQL server does not have: create it (README, \"Production\") or name the role web and worker connect as.";
        }

        var (privileged, owner, current) = (reader.GetBoolean(0), reader.GetBoolean(1), reader.GetString(2));
        return privileged
            ? $"Database:ApplicationRole is '{role}', a role with superuser, bypass-row-security or create-role rights: the application role must have none of them."
            : owner
                ? $"Database:ApplicationRole is '{role}', but migrate connects as '{current}', whose rights that role holds: connect migrate as the schema's owner (ConnectionStrings:PrisonOwner)."
                : null;
    }

    /// <summary>
    /// Grants <paramref name="role"/> exactly what the product uses in this database's schema and in
    /// <paramref name="otherSchemas"/> (Hangfire's), first taking back whatever it had there.
    /// </summary>
    public static async Task GrantAsync(this PrisonDb db, string role, IReadOnlyCollection<string> otherSchemas, CancellationToken cancellationToken = default)
    {
        var connection = db.Database.GetDbConnection();
        var schema = await ScalarAsync(connection, "SELECT current_schema()", cancellationToken);
        var database = await ScalarAsync(connection, "SELECT current_database()", cancellationToken);
        var grantee = Quoted(role);
        var schemas = string.Join(", ", new[] { schema }.Concat(otherSchemas).Select(Quoted));
        var sql = $"""
            REVOKE ALL ON ALL TABLES IN SCHEMA {schemas} FROM {grantee};
            REVOKE ALL ON ALL SEQUENCES IN SCHEMA {schemas} FROM {grantee};
            REVOKE ALL ON ALL FUNCTIONS IN SCHEMA {schemas} FROM {grantee};
            REVOKE ALL ON SCHEMA {schemas} FROM {grantee};
            GRANT CONNECT ON DATABASE {Quoted(database)} TO {grantee};
            GRANT USAGE ON SCHEMA {schemas} TO {grantee};
            GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA {schemas} TO {grantee};
            GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA {schemas} TO {grantee};
            GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA {schemas} TO {grantee};
            REVOKE INSERT, UPDATE, DELETE ON {Quoted(schema)}.{Quoted(HistoryRepository.DefaultTableName)} FROM {grantee};
            REVOKE UPDATE, DELETE ON {Quoted(schema)}.audit_entry FROM {grantee};
            -- PostgreSQL before 15 let every role create tables in the public schema.
            REVOKE CREATE ON SCHEMA {Quoted(schema)} FROM PUBLIC;
            """;
        await using var command = connection.CreateCommand();
        command.CommandText = sql;
        await command.ExecuteNonQueryAsync(cancellationToken);
    }

    private static string Quoted(string identifier) => $"\"{identifier.Replace("\"", "\"\"", StringComparison.Ordinal)}\"";

    private static async Task<string> ScalarAsync(DbConnection connection, string sql, CancellationToken cancellationToken)
    {
        await using var command = connection.CreateCommand();
        command.CommandText = sql;
        return (string)(await command.ExecuteScalarAsync(cancellationToken))!;
    }

    private static void AddParameter(DbCommand command, string name, string value)
    {
        var parameter = command.CreateParameter();
        parameter.ParameterName = name;
        parameter.Value = value;
        command.Parameters.Add(parameter);
    }
}
