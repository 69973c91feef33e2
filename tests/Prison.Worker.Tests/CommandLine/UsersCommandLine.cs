namespace Prison.Worker.Tests.CommandLine;

/// <summary>
/// The users verbs run as an admin runs them (a separate process) against a migrated scratch PostgreSQL database of
/// one test's own, and what the tests read back of that database.
/// </summary>
internal sealed class UsersCommandLine : IAsyncDisposable
{
    private UsersCommandLine(ScratchDatabase database) => Database = database;

    public ScratchDatabase Database { get; }

    public static async Task<UsersCommandLine> StartAsync() => new(await ScratchDatabase.MigratedAsync(Engine.PostgreSql));

    public Task<(int ExitCode, string Output)> RunAsync(params string[] args) => WorkerProcess.RunAsync(["users", .. args, .. Configuration()]);

    public Task<(int ExitCode, string Output)> RunWithInputAsync(string input, params string[] args) => WorkerProcess.RunWithInputAsync(input, ["users", .. args, .. Configuration()]);

    public async Task AddPrisonsAsync()
    {
        await using var db = Database.Open();
        db.Prisons.AddRange(Records.Prison(1), Records.Prison(2));
        await db.SaveChangesAsync();
    }

    public string[] Configuration() => [$"--ConnectionStrings:Prison={Database.ConnectionString}", "--Logging:LogLevel:Default=Warning"];

    public Task<long> UserCountAsync() => Database.ScalarAsync<long>("SELECT count(*) FROM staff_user");

    public async Task<string[]> RolesOfAsync(string name) =>
        [.. (await Database.RowsAsync($"SELECT r.name FROM staff_user_role ur JOIN staff_role r ON r.id = ur.role_id JOIN staff_user u ON u.id = ur.user_id WHERE u.user_name = '{name}' ORDER BY r.name")).Select(r => r[0])];

    public async ValueTask DisposeAsync() => await Database.DisposeAsync();
}
