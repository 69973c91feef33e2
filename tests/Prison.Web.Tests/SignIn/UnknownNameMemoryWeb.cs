using Prison.Web.SignIn;

namespace Prison.Web.Tests.SignIn;

/// <summary>
/// Web keeping at most <see cref="Kept"/> unknown names, over a database of its own, shared by the memory's tests: each
/// compares the memory before and after what it posts, or its bound, never its content.
/// </summary>
public sealed class UnknownNameMemoryWeb : IAsyncLifetime
{
    public const int Kept = 20;

    private ScratchDatabase _database = null!;

    public RunningWeb Web { get; private set; } = null!;

    public async Task InitializeAsync()
    {
        _database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        Web = await RunningWeb.StartAsync(_database, ServerArguments.NewQueuePrefix(), more: $"--{UnknownUserLockouts.SizeKey}={Kept}");
    }

    public async Task DisposeAsync()
    {
        await Web.DisposeAsync();
        await _database.DisposeAsync();
    }
}
