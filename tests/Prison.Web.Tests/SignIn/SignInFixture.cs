namespace Prison.Web.Tests.SignIn;

/// <summary>
/// Web alone in production mode (a migrated PostgreSQL scratch database with one prison, P1, and nobody in it;
/// RabbitMQ; no worker) on a clock that stands still until a test moves it. Each test makes its own users, and the clock only goes forward, so tests that move it
/// do not disturb one another.
/// </summary>
public sealed class SignInFixture : IAsyncLifetime
{
    public ScratchDatabase Database { get; private set; } = null!;

    public MovableClock Clock { get; } = new(DateTimeOffset.UtcNow);

    public RunningWeb Web { get; private set; } = null!;

    public async Task InitializeAsync()
    {
        Database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        await using (var db = Database.Open())
        {
            db.Prisons.Add(Records.Prison(1));
            await db.SaveChangesAsync();
        }

        Web = await RunningWeb.StartAsync(Database, ServerArguments.NewQueuePrefix(), Clock);
    }

    public async Task DisposeAsync()
    {
        if (Web is not null)
        {
            await Web.DisposeAsync();
        }

        if (Database is not null)
        {
            await Database.DisposeAsync();
        }
    }
}
