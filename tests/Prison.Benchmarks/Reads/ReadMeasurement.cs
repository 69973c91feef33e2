namespace Prison.Benchmarks.Reads;

/// <summary>One read's figures: the statements it sends, and its times.</summary>
public sealed record ReadMeasurement(string Read, int Statements, IReadOnlyCollection<double> Milliseconds)
{
    public double P50 => Percentiles.At(Milliseconds, 0.50);

    public double P99 => Percentiles.At(Milliseconds, 0.99);
}
