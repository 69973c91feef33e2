namespace Prison.Benchmarks;

public static class Percentiles
{
    public static string Describe(IReadOnlyCollection<double> milliseconds)
    {
        var sorted = milliseconds.Order().ToArray();
        return $"n={sorted.Length} p50={At(sorted, 0.50):0.00} ms p90={At(sorted, 0.90):0.00} ms p99={At(sorted, 0.99):0.00} ms max={sorted[^1]:0.00} ms";
    }

    /// <summary>The nearest-rank percentile <paramref name="p"/> (0 to 1).</summary>
    public static double At(IReadOnlyCollection<double> milliseconds, double p)
    {
        var sorted = milliseconds.Order().ToArray();
        return sorted[Math.Clamp((int)Math.Ceiling(p * sorted.Length) - 1, 0, sorted.Length - 1)];
    }
}
