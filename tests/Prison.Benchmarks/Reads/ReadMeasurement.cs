namespace Prison.Benchmarks.Reads;

/// <summary>One read's figures: the statements it sends, its times, and, for paged reads, how many rows its pages held on average.</summary>
public sealed record ReadMeasurement(string Read, int Statements, IReadOnlyCollection<double> Milliseconds, double? RowsPerPage = null)
{
    public double P50 => Percentiles.At(Milliseconds, 0.50);

    public double P99 => Percentiles.At(Milliseconds, 0.99);
}
