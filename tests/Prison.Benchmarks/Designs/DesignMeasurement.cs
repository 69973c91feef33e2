namespace Prison.Benchmarks.Designs;

/// <summary>One design's figures on one page. <paramref name="Note"/> says when a time was extrapolated.</summary>
public sealed record DesignMeasurement(string Page, string Design, double Statements, IReadOnlyCollection<double> Milliseconds, string? Note = null)
{
    /// <summary>The time the page would take if every statement cost a 0.5 ms network round trip more than on loopback.</summary>
    public const double RoundTripMilliseconds = 0.5;

    public double P50 => Percentiles.At(Milliseconds, 0.50);

    public double P99 => Percentiles.At(Milliseconds, 0.99);

    public double P50AtRoundTrip => P50 + (Statements * RoundTripMilliseconds);
}
