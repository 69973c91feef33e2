namespace Prison.Benchmarks;

public static class Percentiles
{
    public static string Describe(IReadOnlyCollection<double> milliseconds)
    {
        var sorted = milliseconds.Order().ToArray();
        double At(double p) => sorted[Math.Clamp((int)Math.Ceiling(p * sorted.Length) - 1, 0, sorted.Length - 1)];
        return $"n={sorted.Length} p50={At(0.50):0.00} ms p90={At(0.90):0.00} ms p99={At(0.99):0.00} ms max={sorted[^1]:0.00} ms";
    }
}
