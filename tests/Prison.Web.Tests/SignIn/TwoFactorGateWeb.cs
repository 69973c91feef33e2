using Prison.Web.SignIn;

namespace Prison.Web.Tests.SignIn;

/// <summary>
/// Web with SignIn:RequireTwoFactorFor=Admin,Operator over a database of its own, shared by the gate's tests: each
/// signs in as users of its own, and the tests of other settings start their own web on the same database.
/// </summary>
public sealed class TwoFactorGateWeb : IAsyncLifetime
{
    public ScratchDatabase Database { get; private set; } = null!;

    public RunningWeb Web { get; private set; } = null!;

    public async Task InitializeAsync()
    {
        Database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        Web = await RunningWeb.StartAsync(Database, ServerArguments.NewQueuePrefix(), more: $"--{TwoFactorRequirement.Key}=Admin, operator");
    }

    public async Task DisposeAsync()
    {
        await Web.DisposeAsync();
        await Database.DisposeAsync();
    }
}
