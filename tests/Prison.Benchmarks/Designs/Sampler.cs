using System.Diagnostics;

namespace Prison.Benchmarks.Designs;

/// <summary>
/// Times an operation again and again, after one warm-up, until it has enough samples or its time budget is spent.
/// An operation whose warm-up alone takes longer than the budget is timed by that one run (seconds-long reads gain
/// nothing from a warm cache, and repeating them would take the benchmark hours at 1,000,000 prisoners).
/// </summary>
public static class Sampler
{
    public static async Task<List<double>> SampleAsync(Func<Task> operation, int maxRuns, TimeSpan budget)
    {
        var first = Stopwatch.GetTimestamp();
        await operation();
        var warmUp = Stopwatch.GetElapsedTime(first);
        if (warmUp > budget)
        {
            return [warmUp.TotalMilliseconds];
        }

        var times = new List<double>();
        var started = Stopwatch.GetTimestamp();
        while (times.Count < maxRuns && (times.Count < 3 || Stopwatch.GetElapsedTime(started) < budget))
        {
            var start = Stopwatch.GetTimestamp();
            await operation();
            times.Add(Stopwatch.GetElapsedTime(start).TotalMilliseconds);
        }

        return times;
    }
}
