using System.Data.Common;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>
/// What the PostgreSQL roles web, the worker and the command line connect as may do, when the schema belongs to another
/// role (the one migrate connects as): read and write the rows their work needs (<see cref="Narrowed"/>), only read and
/// append to the audit log and only read the migration history; only the worker writes Hangfire's jobs; never alter,
/// drop or create anything, nor grant.
/// Given again on every migrate, after the migrations, so each new table is covered and nothing granted by hand outlives it.
/// </summary>
public static class ApplicationRoleRights
{
    /// <summary>
    /// Why <paramref name="role"/> cannot be the application role, or null when it can: it must exist and hold no
    /// right of the owner's (be neither the owner, nor a member of it, nor a superuser).
    /// </summary>
    /// <param name="key">The setting that named the role, for the sentence.</param>
    public static async Task<string?> ProblemAsync(this PrisonDb db, string role, string key = "Database:ApplicationRole", CancellationToken cancellationToken = default)
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
            return $"{key} is '{role}', a role this PostgreSQL server does not have: create it (README, \"Production\") or name the role web and worker connect as.";
        }

        var (privileged, owner, current) = (reader.GetBoolean(0), reader.GetBoolean(1), reader.GetString(2));
        return privileged
            ? $"{key} is '{role}', a role with superuser, bypass-row-security or create-role rights: the application role must have none of them."
            : owner
                ? $"{key} is '{role}', but migrate connects as '{current}', whose rights that role holds: connect migrate as the schema's owner (ConnectionStrings:PrisonOwner)."
                : null;
    }

    /// <summary>The tables of users, their roles, tokens and sessions (ASP.NET Core Identity's, migrations 005 and 016).</summary>
    private static readonly string[] IdentityTables =
        ["staff_user", "staff_user_role", "staff_user_prison", "staff_user_token", "staff_session", "staff_user_claim", "staff_user_login", "staff_role", "staff_role_claim"];

    /// <summary>
    /// What each process may do on the tables where it may do less than read and write every row: the rest of the
    /// schema is read and written by all, the audit log read and appended to, the migration history read.
    /// A table missing from a process's list keeps every row right; an empty list leaves it no right at all.
    /// </summary>
    public static IReadOnlyDictionary<string, string> Narrowed(ProcessKind process)
    {
        // Users sign in, change passwords and are managed (web, `users ...`): nobody deletes a user, a session or a
        // role, and roles, claims and external logins are only read (migration 005 makes the roles).
        var users = new Dictionary<string, string>
        {
            ["staff_user"] = "SELECT, INSERT, UPDATE",
            ["staff_session"] = "SELECT, INSERT, UPDATE",
            ["staff_role"] = "SELECT",
            ["staff_role_claim"] = "SELECT",
            ["staff_user_claim"] = "SELECT",
            ["staff_user_login"] = "SELECT",
        };
        return process switch
        {
            ProcessKind.Worker => new Dictionary<string, string>(IdentityTables.ToDictionary(table => table, _ => string.Empty))
            {
                ["data_protection_key"] = string.Empty,
                ["rule_assembly_approval"] = "SELECT",
            },
            ProcessKind.CommandLine => new Dictionary<string, string>(users) { ["data_protection_key"] = string.Empty, ["rule_assembly_approval"] = "SELECT" },
            // Web alone writes keys, and only adds them; headquarters approves and revokes assemblies through web alone.
            // One role for every process has web's rights, the widest.
            _ => new Dictionary<string, string>(users) { ["data_protection_key"] = "SELECT, INSERT", ["rule_assembly_approval"] = "SELECT, INSERT, DELETE" },
        };
    }

    /// <summary>
    /// Whether <paramref name="process"/> may write the job storage's schema (Hangfire's), or only read it: a job
    /// written there names the method a worker runs, so only the worker's role writes it. Web's operations page and
    /// dashboard and the command line read it and ask a worker by message to fire, retry or delete a run.
    /// </summary>
    public static bool WritesJobStorage(ProcessKind process) => process is ProcessKind.Worker or ProcessKind.Every;

    /// <summary>
    /// Grants <paramref name="role"/> exactly what <paramref name="process"/> uses in this database's schema and in
    /// <paramref name="jobSchemas"/> (Hangfire's), first taking back whatever it had there.
    /// </summary>
    public static async Task GrantAsync(this PrisonDb db, string role, IReadOnlyCollection<string> jobSchemas, ProcessKind process = ProcessKind.Every, CancellationToken cancellationToken = default)
    {
        var connection = db.Database.GetDbConnection();
        var schema = await ScalarAsync(connection, "SELECT current_schema()", cancellationToken);
        var database = await ScalarAsync(connection, "SELECT current_database()", cancellationToken);
        var grantee = Quoted(role);
        var schemas = string.Join(", ", new[] { schema }.Concat(jobSchemas).Select(Quoted));
        var written = WritesJobStorage(process) ? schemas : Quoted(schema);
        var readOnly = WritesJobStorage(process) || jobSchemas.Count == 0
            ? string.Empty
            : $"GRANT SELECT ON ALL TABLES IN SCHEMA {string.Join(", ", jobSchemas.Select(Quoted))} TO {grantee};";
        var narrowed = string.Concat(Narrowed(process).Select(table =>
            $"REVOKE ALL ON {Quoted(schema)}.{Quoted(table.Key)} FROM {grantee};\n"
            + (table.Value.Length == 0 ? string.Empty : $"GRANT {table.Value} ON {Quoted(schema)}.{Quoted(table.Key)} TO {grantee};\n")));
        var sql = $"""
            REVOKE ALL ON ALL TABLES IN SCHEMA {schemas} FROM {grantee};
            REVOKE ALL ON ALL SEQUENCES IN SCHEMA {schemas} FROM {grantee};
            REVOKE ALL ON ALL FUNCTIONS IN SCHEMA {schemas} FROM {grantee};
            REVOKE ALL ON SCHEMA {schemas} FROM {grantee};
            GRANT CONNECT ON DATABASE {Quoted(database)} TO {grantee};
            GRANT USAGE ON SCHEMA {schemas} TO {grantee};
            GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA {written} TO {grantee};
            GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA {written} TO {grantee};
            GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA {written} TO {grantee};
            {readOnly}
            REVOKE INSERT, UPDATE, DELETE ON {Quoted(schema)}.{Quoted(HistoryRepository.DefaultTableName)} FROM {grantee};
            REVOKE UPDATE, DELETE ON {Quoted(schema)}.audit_entry FROM {grantee};
            {narrowed}
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
