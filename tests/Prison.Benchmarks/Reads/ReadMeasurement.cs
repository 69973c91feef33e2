namespace Prison.Benchmarks.Reads;

/// <summary>The times of one read, the statements it sends, and how many rows its pages held on average.</summary>
public sealed record ReadMeasurement(string Read, int Statements, IReadOnlyCollection<double> Milliseconds, double RowsPerPage)
{
    public double P50 => Percentiles.At(Milliseconds, 0.50);

    public double P99 => Percentiles.At(Milliseconds, 0.99);
}
