using Microsoft.Data.Sqlite;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Prison.Web.Tests.Hosting;

/// <summary>
/// A first start of the embedded mode, the demo's months replayed up to a clock that stands still at the instant the
/// fixture began (so a second start at that instant must load the same data), and web left running on it.
/// </summary>
public sealed class ReplayedDemo : IAsyncLifetime
{
    public static readonly string[] Prisons = ["RNDC", "GRVC", "AMKC"];

    public MovableClock Clock { get; } = new(DateTimeOffset.UtcNow);

    public string Folder { get; } = NewFolder();

    public DemoLoadLog Log { get; } = new();

    public RunningWeb Web { get; private set; } = null!;

    public async Task InitializeAsync() => Web = await StartAsync(Folder, Log);

    /// <summary>Another first start, in a folder of its own, at the same instant.</summary>
    public Task<RunningWeb> StartAsync(string folder, DemoLoadLog log) =>
        RunningWeb.StartAsync(["--urls=http://127.0.0.1:0", $"--Prison:DataFolder={folder}"], Clock, services => services.AddSingleton<ILoggerProvider>(log));

    public static string NewFolder() => Path.Combine(Path.GetTempPath(), $"prison-demo-{Guid.NewGuid():N}");

    public static SqliteConnection Open(string folder)
    {
        var connection = new SqliteConnection(new SqliteConnectionStringBuilder { DataSource = Path.Combine(folder, "prison.db"), Mode = SqliteOpenMode.ReadOnly, Pooling = false }.ToString());
        connection.Open();
        return connection;
    }

    /// <summary>The rows <paramref name="sql"/> reads, each as its columns joined by " | ".</summary>
    public static async Task<List<string>> RowsAsync(string folder, string sql)
    {
        await using var connection = Open(folder);
        await using var command = connection.CreateCommand();
        command.CommandText = sql;
        await using var reader = await command.ExecuteReaderAsync();
        var rows = new List<string>();
        while (await reader.ReadAsync())
        {
            rows.Add(string.Join(" | ", Enumerable.Range(0, reader.FieldCount).Select(i => reader.IsDBNull(i) ? "null" : Convert.ToString(reader.GetValue(i), System.Globalization.CultureInfo.InvariantCulture))));
        }

        return rows;
    }

    public async Task DisposeAsync()
    {
        await Web.DisposeAsync();
        SqliteConnection.ClearAllPools();
        Directory.Delete(Folder, recursive: true);
    }
}
