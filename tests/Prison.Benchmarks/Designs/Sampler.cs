using System.Diagnostics;

namespace Prison.Benchmarks.Designs;

/// <summary>
/// Times an operation again and again, after a warm-up, until it has enough samples or its time budget is spent.
/// The warm-up repeats the operation for a fifth of the budget (at most two seconds, at most as many calls as are
/// timed): .NET compiles hot code again, optimised, only after some thirty calls and in the background, so a single
/// warm-up call left the first design measured with a few hundred calls of slower code that the others did not pay
/// (C's top ten: 1.5 ms instead of 0.3 ms). An operation whose first call alone takes longer than the budget is timed
/// by that one call (seconds-long reads gain nothing from a warm cache, and repeating them would take the benchmark
/// hours at 1,000,000 prisoners).
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

        var warmUpBudget = TimeSpan.FromTicks(Math.Min(budget.Ticks / 5, TimeSpan.FromSeconds(2).Ticks));
        for (var calls = 1; calls < maxRuns && Stopwatch.GetElapsedTime(first) < warmUpBudget; calls++)
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
        }

        return times;
    }

    /// <summary>
    /// Times two operations call by call in turn, after warming both up, so that whatever else the machine does falls
    /// on both alike: their ratio is then a figure of the two operations and not of the moment each was timed. The
    /// warm-up runs for half the budget whatever the number of calls: on a busy machine .NET's background compilation of
    /// the hot code comes late, and the first page measured paid for it alone (the same statement measured again later
    /// in the same run was markedly faster).
    /// </summary>
    public static async Task<(List<double> First, List<double> Second)> SampleInTurnAsync(Func<Task> first, Func<Task> second, int maxRuns, TimeSpan budget)
    {
        var warmUpUntil = Stopwatch.GetTimestamp() + (long)(budget.TotalSeconds / 2 * Stopwatch.Frequency);
        while (Stopwatch.GetTimestamp() < warmUpUntil)
        {
            await first();
            await second();
        }

        var (firstTimes, secondTimes) = (new List<double>(), new List<double>());
        var started = Stopwatch.GetTimestamp();
        while (firstTimes.Count < maxRuns && (firstTimes.Count < 3 || Stopwatch.GetElapsedTime(started) < budget))
        {
            var start = Stopwatch.GetTimestamp();
            await first();
            firstTimes.Add(Stopwatch.GetElapsedTime(start).TotalMilliseconds);
            start = Stopwatch.GetTimestamp();
            await second();
            secondTimes.Add(Stopwatch.GetElapsedTime(start).TotalMilliseconds);
        }

        return (firstTimes, secondTimes);
    }
}
