using System.Globalization;
using Prison.Benchmarks.Data;
using Prison.Benchmarks.Designs;
using Prison.Benchmarks.Reporting;
using Prison.Db.History;
using Prison.Db.Reads;
using Prison.Testing;
using Prison.Web.Pages.Prisoners;
using Prison.Web.Pages.Prisons.SinceLastShift;

namespace Prison.Benchmarks.Reads;

/// <summary>
/// "Since last shift": the page's one statement (<see cref="SinceLastShiftReads.ShiftChangesAsync"/>) at every prison,
/// over spans spread across a month of verdict changes (<see cref="ShiftHistory"/>): a shift's first page, its next
/// page, a week's first page, and pages deep inside a rule set change that made a tenth of the prisoners Dangerous at
/// one instant.
/// </summary>
public static class SinceLastShift
{
    private static readonly TimeSpan Shift = TimeSpan.FromHours(12);

    public static async Task<IReadOnlyList<ReadMeasurement>> RunAsync(int prisoners, string output, string? databaseName, CancellationToken cancellationToken, int? maxRuns = null)
    {
        var database = BenchDatabase.For(prisoners, databaseName);
        var prepared = await database.EnsureReadyAsync(cancellationToken);
        Console.WriteLine(prepared);
        var (until, history) = await ShiftHistory.EnsureAsync(database, cancellationToken);
        Console.WriteLine(history);
        var counter = new StatementCounter();
        await using var db = database.Open(counter);
        var random = new Random(24);
        var runs = maxRuns ?? 2000;
        var results = new List<ReadMeasurement>();
        var rows = new List<int>();

        // Spans whose end falls anywhere in the month (the first half-day left out, so that every span lies inside it).
        DateTime AnyEnd() => until.AddDays(-ShiftHistory.Days).Add(Shift).AddTicks((long)(random.NextDouble() * (TimeSpan.FromDays(ShiftHistory.Days) - Shift).Ticks));
        int AnyPrison() => 1 + random.Next(DataGenerator.PrisonCount);

        async Task MeasureAsync(string what, Func<Task<ShiftChanges>> read)
        {
            rows.Clear();
            var times = await Sampler.SampleAsync(async () => rows.Add(Count(await read())), runs, TimeSpan.FromSeconds(10));
            counter.Reset();
            await read();
            var measurement = new ReadMeasurement(what, counter.Count, times, rows.Average());
            results.Add(measurement);
            Console.WriteLine($"{what}: {measurement.Statements} statement(s), p50 {measurement.P50:0.000} ms, p99 {measurement.P99:0.000} ms, {measurement.RowsPerPage:0} rows a page, {times.Count} runs");
        }

        await MeasureAsync("a shift (12 hours), first page", () =>
        {
            var end = AnyEnd();
            return db.ShiftChangesAsync(AnyPrison(), null, end - Shift, end, cancellationToken: cancellationToken);
        });

        // Cursors taken from first pages that had more, then read again and again.
        var next = new List<(int Prison, DateTime End, HistoryCursor? Became, HistoryCursor? Ended)>();
        for (var i = 0; i < 200 && next.Count < 50; i++)
        {
            var (prison, end) = (AnyPrison(), AnyEnd());
            var first = await db.ShiftChangesAsync(prison, null, end - Shift, end, cancellationToken: cancellationToken);
            if (first.MoreBecameDangerous is not null || first.MoreNoLongerDangerous is not null)
            {
                next.Add((prison, end, first.MoreBecameDangerous, first.MoreNoLongerDangerous));
            }
        }

        if (next.Count > 0)
        {
            await MeasureAsync("a shift (12 hours), next page of both groups", () =>
            {
                var (prison, end, became, ended) = next[random.Next(next.Count)];
                return db.ShiftChangesAsync(prison, null, end - Shift, end, became, ended, cancellationToken);
            });
        }

        await MeasureAsync("a week, first page", () =>
        {
            var end = AnyEnd();
            return db.ShiftChangesAsync(AnyPrison(), null, end - TimeSpan.FromDays(7), end, cancellationToken: cancellationToken);
        });

        var burst = until - ShiftHistory.BurstBeforeEnd;
        var deep = new List<(int Prison, HistoryCursor? Became)>();
        for (var prison = 1; prison <= DataGenerator.PrisonCount; prison++)
        {
            HistoryCursor? cursor = null;
            for (var page = 0; page < 20; page++)
            {
                var read = await db.ShiftChangesAsync(prison, null, burst - Shift, burst.AddHours(1), cursor, cancellationToken: cancellationToken);
                cursor = read.MoreBecameDangerous ?? cursor;
                if (read.MoreBecameDangerous is null)
                {
                    break;
                }
            }

            deep.Add((prison, cursor));
        }

        await MeasureAsync("a shift over a rule set change, first page", () =>
            db.ShiftChangesAsync(AnyPrison(), null, burst - Shift, burst.AddHours(1), cancellationToken: cancellationToken));
        await MeasureAsync("a shift over a rule set change, 21st page", () =>
        {
            var (prison, cursor) = deep[random.Next(deep.Count)];
            return db.ShiftChangesAsync(prison, null, burst - Shift, burst.AddHours(1), cursor, cancellationToken: cancellationToken);
        });

        var total = await database.ScalarAsync<long>("SELECT count(*) FROM verdict_change", cancellationToken);
        var perShift = await database.ScalarAsync<decimal>(
            $"SELECT round(count(*) / {ShiftHistory.Days * 2.0 * DataGenerator.PrisonCount}, 0) FROM verdict_change WHERE rule_set = 'bench-month' AND cause <> 'RuleSetChanged'", cancellationToken);
        var command = $"dotnet run -c Release --project tests/Prison.Benchmarks -- since-last-shift --prisoners {prisoners}";
        await BenchmarkReport.WriteSectionAsync(output, $"since-last-shift-{prisoners}", $"7. Since last shift, {prisoners:N0} prisoners", command,
            await Machine.DescribeAsync(cancellationToken), Table(results),
            $"The page's one statement at a prison picked at random among {DataGenerator.PrisonCount}, over spans ending anywhere in a month of history: " +
            $"{total:N0} verdict changes in all, about {perShift:N0} per prison and twelve hours in the generated month ({ShiftHistory.DailyShare:P0} of prisoners a day; " +
            "a sixth of them became Dangerous, a sixth no longer Dangerous, the rest changed reasons alone), " +
            $"a rule set change that made {prisoners / 10:N0} prisoners Dangerous at one instant, and the first verdict of every prisoner. " +
            $"Each page holds up to {SinceLastShiftReads.ShiftPageSize} changes of each group; \"rows a page\" is the mean of both groups together. " +
            $"Data: {prepared}; {history}.");
        return results;
    }

    private static int Count(ShiftChanges page) => page.BecameDangerous.Count + page.NoLongerDangerous.Count;

    private static string Table(IReadOnlyList<ReadMeasurement> results) =>
        BenchmarkReport.Table(
            ["read", "statements", "p50 ms", "p99 ms", "rows a page", "runs"],
            results.Select(r => (IReadOnlyList<string>)
            [
                r.Read, r.Statements.ToString(CultureInfo.InvariantCulture), r.P50.ToString("0.000", CultureInfo.InvariantCulture),
                r.P99.ToString("0.000", CultureInfo.InvariantCulture), (r.RowsPerPage ?? 0).ToString("0", CultureInfo.InvariantCulture),
                r.Milliseconds.Count.ToString(CultureInfo.InvariantCulture),
            ]));
}
