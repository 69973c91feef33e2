using System.Globalization;
using Prison.Benchmarks.Data;
using Prison.Benchmarks.Designs;
using Prison.Benchmarks.Reporting;
using Prison.Db.Reads;
using Prison.Testing;
using Prison.Web.Pages.Overview;

namespace Prison.Benchmarks.Reads;

/// <summary>
/// The headquarters overview's one statement (<see cref="OverviewReads.OverviewAsync"/>) over ninety days of kept
/// Dangerous changes (<see cref="DangerousDaysHistory"/>): every prison for headquarters, one prison for a user of
/// one, and every prison over a year asked.
/// </summary>
public static class HeadquartersOverview
{
    public static async Task<IReadOnlyList<ReadMeasurement>> RunAsync(int prisoners, string output, string? databaseName, CancellationToken cancellationToken, int? maxRuns = null)
    {
        var database = BenchDatabase.For(prisoners, databaseName);
        var prepared = await database.EnsureReadyAsync(cancellationToken);
        Console.WriteLine(prepared);
        var (today, history) = await DangerousDaysHistory.EnsureAsync(database, cancellationToken);
        Console.WriteLine(history);
        var counter = new StatementCounter();
        await using var db = database.Open(counter);
        var random = new Random(32);
        var runs = maxRuns ?? 2000;
        var results = new List<ReadMeasurement>();

        async Task MeasureAsync(string what, Func<Task<PrisonsOverview>> read)
        {
            var days = new List<int>();
            var times = await Sampler.SampleAsync(async () => days.Add((await read()).Prisons.Sum(p => p.Days.Count)), runs, TimeSpan.FromSeconds(10));
            counter.Reset();
            await read();
            var measurement = new ReadMeasurement(what, counter.Count, times, days.Average());
            results.Add(measurement);
            Console.WriteLine($"{what}: {measurement.Statements} statement(s), p50 {measurement.P50:0.000} ms, p99 {measurement.P99:0.000} ms, {measurement.RowsPerPage:0} days shown, {times.Count} runs");
        }

        var every = Enumerable.Range(1, DataGenerator.PrisonCount).ToList();
        await MeasureAsync($"every prison ({DataGenerator.PrisonCount}), {DangerousDaysHistory.Days} days",
            () => db.OverviewAsync(null, today.AddDays(1 - DangerousDaysHistory.Days), today, today, cancellationToken));
        await MeasureAsync($"one prison, {DangerousDaysHistory.Days} days",
            () => db.OverviewAsync([every[random.Next(every.Count)]], today.AddDays(1 - DangerousDaysHistory.Days), today, today, cancellationToken));
        await MeasureAsync($"every prison ({DataGenerator.PrisonCount}) by their ids, 366 days",
            () => db.OverviewAsync(every, today.AddDays(-365), today, today, cancellationToken));

        var command = $"dotnet run -c Release --project tests/Prison.Benchmarks -- headquarters-overview --prisoners {prisoners}{(databaseName is null ? "" : $" --database {databaseName}")}";
        await BenchmarkReport.WriteSectionAsync(output, $"headquarters-overview-{prisoners}", $"8. Headquarters overview, {prisoners:N0} prisoners", command,
            await Machine.DescribeAsync(cancellationToken), Table(results),
            "The overview's one statement: each prison's counts by status (prison_status_count) and its Dangerous changes day by day " +
            "(prison_dangerous_day, migration 025), summed per prison and day in the database, the figures computed in .NET. " +
            "\"days shown\" is the number of day figures the read returned, over all its prisons. The rows it sums are prisons x stripes x days, " +
            "whatever the number of prisoners. " +
            $"Data: {prepared}; {history}.");
        return results;
    }

    private static string Table(IReadOnlyList<ReadMeasurement> results) =>
        BenchmarkReport.Table(
            ["read", "statements", "p50 ms", "p99 ms", "days shown", "runs"],
            results.Select(r => (IReadOnlyList<string>)
            [
                r.Read, r.Statements.ToString(CultureInfo.InvariantCulture), r.P50.ToString("0.000", CultureInfo.InvariantCulture),
                r.P99.ToString("0.000", CultureInfo.InvariantCulture), (r.RowsPerPage ?? 0).ToString("0", CultureInfo.InvariantCulture),
                r.Milliseconds.Count.ToString(CultureInfo.InvariantCulture),
            ]));
}
