using System.Diagnostics;

namespace Prison.Benchmarks.Designs;

/// <summary>Times an operation again and again, after one warm-up, until it has enough samples or its time budget is spent.</summary>
public static class Sampler
{
    public static async Task<List<double>> SampleAsync(Func<Task> operation, int maxRuns, TimeSpan budget, bool warmUp = true)
    {
        if (warmUp)
        {
            await operation();
        }

        var times = new List<double>();
        var started = Stopwatch.GetTimestamp();
        while (times.Count < maxRuns && (times.Count < 3 || Stopwatch.GetElapsedTime(started) < budget))
        {
            var start = Stopwatch.GetTimestamp();
            await operation();
            times.Add(Stopwatch.GetElapsedTime(start).TotalMilliseconds);
            if (Stopwatch.GetElapsedTime(started) > budget * 2)
            {
                break;
            }
        }

        return times;
    }
}
