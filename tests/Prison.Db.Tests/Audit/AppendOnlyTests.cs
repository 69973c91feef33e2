using Microsoft.EntityFrameworkCore;
using Npgsql;
using Prison.Db.Audit;

namespace Prison.Db.Tests.Audit;

public class AppendOnlyTests
{
    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Audit_entries_are_inserted_but_never_updated_or_deleted(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using (var db = database.Open())
        {
            db.AuditEntries.Add(AuditEntry.SignedIn("alice").Concerning([1]));
            await db.SaveChangesAsync();
        }

        foreach (var table in new[] { "audit_entry", "audit_entry_prison" })
        {
            var rewrites = new List<string> { $"UPDATE {table} SET {(table == "audit_entry" ? "user_name = 'mallory'" : "prison_id = 2")}", $"DELETE FROM {table}" };
            if (engine == Engine.PostgreSql)
            {
                rewrites.Add($"TRUNCATE {table}");
            }

            foreach (var rewrite in rewrites)
            {
                var refused = await Assert.ThrowsAnyAsync<System.Data.Common.DbException>(() => database.ExecuteAsync(rewrite));
                Assert.Contains($"The audit log is append-only: {rewrite.Split(' ')[0]} on {table} is refused.", refused.Message, StringComparison.Ordinal);
            }
        }

        Assert.Equal(["alice"], (await database.RowsAsync("SELECT user_name FROM audit_entry")).Select(r => r[0]));
        Assert.Equal(["1"], (await database.RowsAsync("SELECT prison_id FROM audit_entry_prison")).Select(r => r[0]));
    }

    [Fact]
    public async Task Even_a_rewrite_that_would_touch_no_row_is_refused()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);

        var refused = await Assert.ThrowsAsync<PostgresException>(() => database.ExecuteAsync("DELETE FROM audit_entry WHERE false"));

        Assert.Equal(PostgresErrorCodes.InsufficientPrivilege, refused.SqlState);
    }

    /// <summary>
    /// The tests' own role is a superuser, whom privileges do not bind: this one runs the migrations as an ordinary
    /// role, as a deployment with one role for all does (no Database:ApplicationRole), and finds that role may insert and
    /// read but has lost the privilege to rewrite what it owns. With an application role, see ApplicationRoleTests.
    /// </summary>
    [Fact]
    public async Task The_role_the_application_runs_as_may_insert_but_has_no_privilege_to_update_delete_or_truncate()
    {
        var role = $"prison_app_{Guid.NewGuid():N}"[..24];
        const string password = "an-app-password";
        await AdminAsync($"CREATE ROLE {role} LOGIN NOSUPERUSER PASSWORD '{password}'");
        try
        {
            await using var database = await ScratchDatabase.CreateAsync(Engine.PostgreSql);
            var asApp = new NpgsqlConnectionStringBuilder(database.ConnectionString) { Username = role, Password = password, Pooling = false };
            await AdminAsync($"ALTER DATABASE {asApp.Database} OWNER TO {role}");
            await using (var db = PrisonDatabase.Open(asApp.ToString()))
            {
                await db.Database.MigrateAsync();
                db.AuditEntries.Add(AuditEntry.SignedIn("alice"));
                await db.SaveChangesAsync();
            }

            await using var connection = new NpgsqlConnection(asApp.ToString());
            await connection.OpenAsync();
            foreach (var rewrite in new[] { "UPDATE audit_entry SET user_name = 'mallory'", "DELETE FROM audit_entry", "TRUNCATE audit_entry" })
            {
                await using var command = new NpgsqlCommand(rewrite, connection);
                var refused = await Assert.ThrowsAsync<PostgresException>(() => command.ExecuteNonQueryAsync());
                Assert.Equal("permission denied for table audit_entry", refused.MessageText);
            }

            await using var count = new NpgsqlCommand("SELECT count(*) FROM audit_entry", connection);
            Assert.Equal(1L, await count.ExecuteScalarAsync());
        }
        finally
        {
            NpgsqlConnection.ClearAllPools();
            await AdminAsync($"DROP ROLE IF EXISTS {role}");
        }
    }

    private static async Task AdminAsync(string sql)
    {
        await using var connection = new NpgsqlConnection(TestServers.PostgreSql);
        await connection.OpenAsync();
        await using var command = new NpgsqlCommand(sql, connection);
        await command.ExecuteNonQueryAsync();
    }
}
