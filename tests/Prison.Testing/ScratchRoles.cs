using Npgsql;

namespace Prison.Testing;

/// <summary>
/// A PostgreSQL scratch database's own owner and application role, as production has them: the owner owns the
/// database (migrate connects as it), the application role is only allowed to log in. Roles belong to the whole server,
/// which tests share: each pair is named uniquely and dropped afterwards, before its database.
/// </summary>
public sealed class ScratchRoles : IAsyncDisposable
{
    private readonly string _database;

    private ScratchRoles(ScratchDatabase database, string owner, string application)
    {
        _database = new NpgsqlConnectionStringBuilder(database.ConnectionString).Database!;
        Owner = owner;
        Application = application;
        OwnerConnectionString = new NpgsqlConnectionStringBuilder(database.ConnectionString) { Username = owner }.ToString();
        ApplicationConnectionString = new NpgsqlConnectionStringBuilder(database.ConnectionString) { Username = application }.ToString();
    }

    public string Owner { get; }

    public string Application { get; }

    public string OwnerConnectionString { get; }

    public string ApplicationConnectionString { get; }

    public static async Task<ScratchRoles> CreateAsync(ScratchDatabase database)
    {
        var suffix = Guid.NewGuid().ToString("N")[..12];
        var roles = new ScratchRoles(database, $"prison_owner_{suffix}", $"prison_app_{suffix}");
        await AdminAsync(
            "postgres",
            $"CREATE ROLE {roles.Owner} LOGIN",
            $"CREATE ROLE {roles.Application} LOGIN",
            $"ALTER DATABASE {roles._database} OWNER TO {roles.Owner}");
        return roles;
    }

    /// <summary>The configuration migrate is given: the owner's connection beside the application's, and the role's name.</summary>
    public string[] MigrateArguments() =>
    [
        $"--ConnectionStrings:PrisonOwner={OwnerConnectionString}",
        $"--ConnectionStrings:Prison={ApplicationConnectionString}",
        $"--Database:ApplicationRole={Application}",
    ];

    /// <summary>A connection as the application role, as web and worker open one.</summary>
    public async Task<NpgsqlConnection> OpenAsApplicationAsync()
    {
        var connection = new NpgsqlConnection(new NpgsqlConnectionStringBuilder(ApplicationConnectionString) { Pooling = false }.ToString());
        await connection.OpenAsync();
        return connection;
    }

    public async ValueTask DisposeAsync()
    {
        NpgsqlConnection.ClearAllPools();

        // What the roles own or were granted in the database (the database itself included) goes back to the
        // server's administrator, so that the roles can be dropped while the database still exists.
        await AdminAsync(
            _database,
            $"REASSIGN OWNED BY {Owner}, {Application} TO CURRENT_USER",
            $"DROP OWNED BY {Owner}, {Application}");
        await AdminAsync("postgres", $"DROP ROLE IF EXISTS {Application}", $"DROP ROLE IF EXISTS {Owner}");
    }

    private static async Task AdminAsync(string database, params string[] statements)
    {
        await using var connection = new NpgsqlConnection(new NpgsqlConnectionStringBuilder(TestServers.PostgreSql) { Database = database, Pooling = false }.ToString());
        await connection.OpenAsync();
        foreach (var sql in statements)
        {
            await using var command = new NpgsqlCommand(sql, connection);
            await command.ExecuteNonQueryAsync();
        }
    }
}
