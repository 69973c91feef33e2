using Npgsql;

namespace Prison.Testing;

/// <summary>
/// A PostgreSQL scratch database's own owner and application roles, as production has them: the owner owns the
/// database (migrate connects as it); one application role for every process, and one each for web, the worker and
/// the command line, are only allowed to log in. Roles belong to the whole server, which tests share: each set is named
/// uniquely and dropped afterwards, before its database.
/// </summary>
public sealed class ScratchRoles : IAsyncDisposable
{
    private readonly string _database;
    private readonly string _connectionString;

    private ScratchRoles(ScratchDatabase database, string suffix)
    {
        _database = new NpgsqlConnectionStringBuilder(database.ConnectionString).Database!;
        _connectionString = database.ConnectionString;
        Owner = $"prison_owner_{suffix}";
        Application = $"prison_app_{suffix}";
        Web = $"prison_web_{suffix}";
        Worker = $"prison_worker_{suffix}";
        CommandLine = $"prison_cli_{suffix}";
        OwnerConnectionString = ConnectionStringOf(Owner);
        ApplicationConnectionString = ConnectionStringOf(Application);
    }

    public string Owner { get; }

    /// <summary>One role for every process (Database:ApplicationRole given to migrate).</summary>
    public string Application { get; }

    /// <summary>Web's own role (Database:WebRole).</summary>
    public string Web { get; }

    /// <summary>The worker service's own role (Database:WorkerRole).</summary>
    public string Worker { get; }

    /// <summary>The command line's own role (Database:CommandLineRole).</summary>
    public string CommandLine { get; }

    public string OwnerConnectionString { get; }

    public string ApplicationConnectionString { get; }

    private IEnumerable<string> All => [Owner, Application, Web, Worker, CommandLine];

    public static async Task<ScratchRoles> CreateAsync(ScratchDatabase database)
    {
        var roles = new ScratchRoles(database, Guid.NewGuid().ToString("N")[..12]);
        await AdminAsync(
            "postgres",
            [.. roles.All.Select(role => $"CREATE ROLE {role} LOGIN"), $"ALTER DATABASE {roles._database} OWNER TO {roles.Owner}"]);
        return roles;
    }

    /// <summary>The connection string of <paramref name="role"/> to the scratch database.</summary>
    public string ConnectionStringOf(string role) => new NpgsqlConnectionStringBuilder(_connectionString) { Username = role }.ToString();

    /// <summary>The configuration migrate is given: the owner's connection beside the application's, and every role's name.</summary>
    public string[] MigrateArguments() =>
    [
        $"--ConnectionStrings:PrisonOwner={OwnerConnectionString}",
        $"--ConnectionStrings:Prison={ApplicationConnectionString}",
        $"--Database:ApplicationRole={Application}",
        $"--Database:WebRole={Web}",
        $"--Database:WorkerRole={Worker}",
        $"--Database:CommandLineRole={CommandLine}",
    ];

    /// <summary>A connection as the application role, as web and worker open one.</summary>
    public Task<NpgsqlConnection> OpenAsApplicationAsync() => OpenAsAsync(Application);

    /// <summary>A connection as <paramref name="role"/>, unpooled.</summary>
    public async Task<NpgsqlConnection> OpenAsAsync(string role)
    {
        var connection = new NpgsqlConnection(new NpgsqlConnectionStringBuilder(ConnectionStringOf(role)) { Pooling = false }.ToString());
        await connection.OpenAsync();
        return connection;
    }

    public async ValueTask DisposeAsync()
    {
        NpgsqlConnection.ClearAllPools();

        // What the roles own or were granted in the database (the database itself included) goes back to the
        // server's administrator, so that the roles can be dropped while the database still exists.
        var roles = string.Join(", ", All);
        await AdminAsync(_database, [$"REASSIGN OWNED BY {roles} TO CURRENT_USER", $"DROP OWNED BY {roles}"]);
        await AdminAsync("postgres", [.. All.Reverse().Select(role => $"DROP ROLE IF EXISTS {role}")]);
    }

    private static async Task AdminAsync(string database, IEnumerable<string> statements)
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
