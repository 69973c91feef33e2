using System.Diagnostics;
using System.Globalization;
using Prison.Benchmarks.Data;
using Prison.Benchmarks.Designs;
using Prison.Benchmarks.Reporting;
using Prison.Db.Reads;
using Prison.Db.Search;
using Prison.Domain;
using Prison.Testing;
using Prison.Web.Pages.Prisoners;

namespace Prison.Benchmarks.Reads;

/// <summary>
/// Benchmark 6: finding a prisoner (the search in every page's header) and the full lists of a prison's current
/// prisoners, page after page: the product's own reads (SearchReads, DashboardReads), timed in process.
/// </summary>
public static class SearchAndLists
{
    private const int PrisonId = 1;

    public static async Task<IReadOnlyList<ReadMeasurement>> RunAsync(int prisoners, string output, string? databaseName, CancellationToken cancellationToken, int? maxRuns = null)
    {
        var database = BenchDatabase.For(prisoners, databaseName);
        var prepared = await database.EnsureReadyAsync(cancellationToken);
        Console.WriteLine(prepared);
        var counter = new StatementCounter();
        await using var db = database.Open(counter);
        var runCap = maxRuns ?? 2000;
        var results = new List<ReadMeasurement>();

        async Task Sample(string read, IReadOnlyList<Func<Task>> calls)
        {
            var next = 0;
            var times = await Sampler.SampleAsync(() => calls[next++ % calls.Count](), runCap, TimeSpan.FromSeconds(5));
            counter.Reset();
            await calls[0]();
            Add(new ReadMeasurement(read, counter.Count, times));
        }

        void Add(ReadMeasurement measurement)
        {
            results.Add(measurement);
            Console.WriteLine($"{measurement.Read}: {measurement.Statements} statements, p50 {measurement.P50:0.000} ms, p99 {measurement.P99:0.000} ms, {measurement.Milliseconds.Count} runs");
        }

        // What staff type, in the data's own words (DataGenerator: 'B' and nine digits; 16 first names, 16 last names).
        var random = new Random(20261124);
        var numbers = Enumerable.Range(0, 200).Select(_ => $"B{random.Next(1, prisoners + 1):000000000}").ToList();
        var searches = new (string Kind, IReadOnlyList<string> Texts)[]
        {
            ("search: a whole number", numbers),
            ("search: the start of a number", [.. numbers.Select(n => n[..7].ToLowerInvariant())]),
            ("search: the start of a first name", ["mar", "ja", "Rob", "lin", "mich", "AI", "dav", "ro", "kev", "tan", "lu", "gr", "and", "me", "sam", "ol"]),
            ("search: the start of a last name", ["smi", "garc", "john", "le", "bro", "riv", "wil", "chen", "jon", "lop", "dav", "kh", "mil", "san", "wils", "nov"]),
            ("search: first name and the start of the last", ["maria gar", "james sm", "luis lo", "mei ch", "olga nov", "aisha kh"]),
            ("search: one letter", ["s", "m", "j", "a", "l"]),
        };
        var all = new List<double>();
        foreach (var (kind, texts) in searches)
        {
            await Sample(kind, [.. texts.Select(text => (Func<Task>)(() => db.SearchAsync(text, prisonIds: null, cancellationToken)))]);
            all.AddRange(results[^1].Milliseconds);
        }

        results.Add(new ReadMeasurement("search: all of the above", 1, all));

        foreach (var status in new DangerStatus?[] { null, DangerStatus.Dangerous, DangerStatus.NotDangerous, DangerStatus.Unknown })
        {
            await Sample($"list: first page, {Listed(status)}", [() => db.CurrentPrisonersAsync(PrisonId, status, cancellationToken: cancellationToken)]);
        }

        foreach (var status in new DangerStatus?[] { null, DangerStatus.Dangerous })
        {
            Add(await EveryPageAsync(db, counter, status, cancellationToken));
        }

        var held = await database.ScalarAsync<long>($"SELECT COUNT(*) FROM imprisonment WHERE prison_id = {PrisonId} AND left_on IS NULL AND struck_at IS NULL", cancellationToken);
        var command = $"dotnet run -c Release --project tests/Prison.Benchmarks -- search-and-lists --prisoners {prisoners}";
        await BenchmarkReport.WriteSectionAsync(output, $"search-and-lists-{prisoners}", $"6. Search and lists, {prisoners:N0} prisoners", command,
            await Machine.DescribeAsync(cancellationToken), Table(results),
            $"The product's reads timed in process against prison_bench_{prisoners} (PostgreSQL on loopback), after a warm-up. Each search is one statement: " +
            $"three range scans of the search keys' indexes (number, name, name from its last word), each stopping after {SearchReads.MaxHits + 1} keys; of those, " +
            $"the first {SearchReads.MaxHits + 1} in order joined to their prisoners and current stays. The queries cycle through the texts of their kind (the numbers " +
            "drawn at random). Target: p99 under 5 ms. " +
            $"The lists are those of prison RNDC, which holds {held:N0} prisoners now, {DashboardReads.ListPageSize} a page, newest arrival first, each page one statement " +
            $"starting where the last ended; \"every page\" walks the whole list twice and times each page of the second walk. Data: {prepared}.");
        return results;
    }

    private static string Listed(DangerStatus? status) => status is { } only ? $"{only}" : "all current prisoners";

    /// <summary>Walks the whole list twice, timing each page of the second walk (the first compiles and warms).</summary>
    private static async Task<ReadMeasurement> EveryPageAsync(Prison.Db.PrisonDb db, StatementCounter counter, DangerStatus? status, CancellationToken cancellationToken)
    {
        var times = new List<double>();
        for (var walk = 0; walk < 2; walk++)
        {
            times.Clear();
            counter.Reset();
            ArrivalCursor? after = null;
            do
            {
                var start = Stopwatch.GetTimestamp();
                var page = await db.CurrentPrisonersAsync(PrisonId, status, after, cancellationToken: cancellationToken);
                times.Add(Stopwatch.GetElapsedTime(start).TotalMilliseconds);
                after = page.Next;
            }
            while (after is not null);
        }

        return new ReadMeasurement($"list: every page, {Listed(status)}", counter.Count / times.Count, times);
    }

    private static string Table(IReadOnlyList<ReadMeasurement> results) =>
        BenchmarkReport.Table(
            ["read", "statements", "p50 ms", "p99 ms", "runs"],
            results.Select(r => (IReadOnlyList<string>)
            [
                r.Read, r.Statements.ToString(CultureInfo.InvariantCulture), r.P50.ToString("0.000", CultureInfo.InvariantCulture),
                r.P99.ToString("0.000", CultureInfo.InvariantCulture), r.Milliseconds.Count.ToString("N0", CultureInfo.InvariantCulture),
            ]));
}
