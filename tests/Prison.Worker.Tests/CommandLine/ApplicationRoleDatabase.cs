namespace Prison.Worker.Tests.CommandLine;

/// <summary>
/// A database set up as production's: an owner and an application role of its own, then `worker migrate` run twice as
/// the owner (the second run gives the rights again over the first), for the tests of one class.
/// </summary>
public sealed class ApplicationRoleDatabase : IAsyncLifetime
{
    public ScratchDatabase Database { get; private set; } = null!;

    public ScratchRoles Roles { get; private set; } = null!;

    /// <summary>What each migrate printed.</summary>
    public IReadOnlyList<string> MigrateOutputs { get; private set; } = [];

    public async Task InitializeAsync()
    {
        Database = await ScratchDatabase.CreateAsync(Engine.PostgreSql);
        Roles = await ScratchRoles.CreateAsync(Database);
        var outputs = new List<string>();
        for (var run = 0; run < 2; run++)
        {
            var migrated = await WorkerProcess.RunAsync(["migrate", .. Roles.MigrateArguments()]);
            outputs.Add(migrated.Output);
            if (migrated.ExitCode != 0)
            {
                throw new InvalidOperationException($"migrate as the owner failed ({migrated.ExitCode}):\n{migrated.Output}");
            }
        }

        MigrateOutputs = outputs;
    }

    public async Task DisposeAsync()
    {
        await Roles.DisposeAsync();
        await Database.DisposeAsync();
    }
}
