using Microsoft.Data.Sqlite;

namespace Prison.Web.Tests;

/// <summary>The embedded mode's data folder, made ready before web starts in it.</summary>
public static class EmbeddedDataFolder
{
    /// <summary>The demo users' password in the folders <see cref="HoldingTheDemoAsync"/> makes.</summary>
    public const string DemoPassword = "Copied-Demo-Passw0rd!";

    private static readonly Lazy<Task<string>> SeededDemo = new(SeedDemoAsync);

    /// <summary>
    /// The folder with its database migrated and one prison in it (P1): a start that finds data loads no demo. For a
    /// test of the embedded mode that needs none of the demo, whose months of replay would cost most of its time (the
    /// demo's first start has tests of its own).
    /// </summary>
    public static async Task HoldingAPrisonAsync(string folder)
    {
        Directory.CreateDirectory(folder);
        await using var database = await ScratchDatabase.MigratedAsync(Engine.Sqlite);
        await using (var db = database.Open())
        {
            db.Prisons.Add(Records.Prison(1));
            await db.SaveChangesAsync();
        }

        File.Copy(new SqliteConnectionStringBuilder(database.ConnectionString).DataSource, Path.Combine(folder, "prison.db"));
    }

    /// <summary>
    /// The folder as a first start leaves it, the demo loaded and its users' password <see cref="DemoPassword"/>: a copy
    /// of one first start per test process. For a test that needs the demo but is not about loading it; the first
    /// start itself is tested by EmbeddedModeTests and DemoSeedingTests, on folders of their own.
    /// </summary>
    public static async Task HoldingTheDemoAsync(string folder)
    {
        var seeded = await SeededDemo.Value;
        foreach (var file in Directory.EnumerateFiles(seeded, "*", SearchOption.AllDirectories))
        {
            var copy = Path.Combine(folder, Path.GetRelativePath(seeded, file));
            Directory.CreateDirectory(Path.GetDirectoryName(copy)!);
            File.Copy(file, copy);
        }
    }

    private static async Task<string> SeedDemoAsync()
    {
        var folder = Path.Combine(Path.GetTempPath(), $"prison-demo-seeded-{Guid.NewGuid():N}");
        await using (await RunningWeb.StartAsync(["--urls=http://127.0.0.1:0", $"--Prison:DataFolder={folder}", $"--Demo:Password={DemoPassword}"]))
        {
        }

        // Closed, the database is whole in its one file: no connection keeps a write-ahead log to copy beside it.
        SqliteConnection.ClearAllPools();
        AppDomain.CurrentDomain.ProcessExit += (_, _) => Directory.Delete(folder, recursive: true);
        return folder;
    }
}
