using Prison.Benchmarks.Data;

namespace Prison.Benchmarks.Tests;

/// <summary>A benchmark data set of its own for one test, in a scratch database dropped afterwards, and a scratch report file.</summary>
public sealed class TinyDataSet : IAsyncDisposable
{
    public TinyDataSet(int prisoners = 200)
    {
        Database = BenchDatabase.For(prisoners, $"prison_benchtest_{Guid.NewGuid():N}");
        Report = Path.Combine(Path.GetTempPath(), $"prison-benchmarks-{Guid.NewGuid():N}.md");
    }

    public BenchDatabase Database { get; }

    public string Name => Database.Name;

    public int Prisoners => Database.Prisoners;

    /// <summary>Where the benchmark writes its tables: never docs/benchmarks.md.</summary>
    public string Report { get; }

    public string ReportText => File.ReadAllText(Report);

    public async ValueTask DisposeAsync()
    {
        await Database.DropAsync();
        File.Delete(Report);
    }
}
