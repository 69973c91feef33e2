using Microsoft.EntityFrameworkCore;

namespace Prison.Db.Tests.Migrations;

public class MigrationTests
{
    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Migrating_an_empty_database_applies_every_step_and_records_it(Engine engine)
    {
        await using var database = await ScratchDatabase.CreateAsync(engine);
        await using var db = database.Open();

        await db.Database.MigrateAsync();

        Assert.Equal(db.Database.GetMigrations(), await db.Database.GetAppliedMigrationsAsync());
        Assert.Equal(0, await database.ScalarAsync<long>("SELECT COUNT(*) FROM prisoner"));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Migrating_again_changes_nothing(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using var db = database.Open();

        Assert.Empty(await db.Database.GetPendingMigrationsAsync());
        await db.Database.MigrateAsync();
        Assert.Equal(db.Database.GetMigrations().Count(), await database.ScalarAsync<long>("SELECT COUNT(*) FROM \"__EFMigrationsHistory\""));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Four_worker_processes_migrating_at_once_apply_each_step_once(Engine engine)
    {
        await using var database = await ScratchDatabase.CreateAsync(engine);

        var runs = await Task.WhenAll(Enumerable.Range(0, 4).Select(_ => RunWorkerAsync(database.ConnectionString, "migrate")));

        Assert.All(runs, run => Assert.True(run.ExitCode == 0, run.Output));
        await using var db = database.Open();
        Assert.Equal(db.Database.GetMigrations(), await db.Database.GetAppliedMigrationsAsync());
        Assert.Equal(db.Database.GetMigrations().Count(), await database.ScalarAsync<long>("SELECT COUNT(*) FROM \"__EFMigrationsHistory\""));
    }

    [Fact]
    public async Task The_migrate_command_says_which_server_it_cannot_reach()
    {
        var run = await RunWorkerAsync("Host=127.0.0.1;Port=1;Username=nobody;Database=prison;Timeout=2", "migrate");

        Assert.Equal(1, run.ExitCode);
        Assert.Contains("Cannot reach the PostgreSQL database configured in ConnectionStrings:Prison (host 127.0.0.1, port 1", run.Output);
        Assert.DoesNotContain("   at ", run.Output);
    }

    private static Task<(int ExitCode, string Output)> RunWorkerAsync(string connectionString, string verb) =>
        WorkerProcess.RunAsync(verb, $"--ConnectionStrings:Prison={connectionString}");
}
