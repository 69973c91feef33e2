using Microsoft.Data.Sqlite;

namespace Prison.Web.Tests;

/// <summary>The embedded mode's data folder, made ready before web starts in it.</summary>
public static class EmbeddedDataFolder
{
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
}
