using System.Globalization;
using Prison.Benchmarks.Data;
using Prison.Benchmarks.Reporting;
using Prison.Db.Reads;
using Prison.Domain;
using Prison.Testing;

namespace Prison.Benchmarks.Designs;

/// <summary>
/// Benchmark 1: the dashboard's three reads (top ten, counts by status, dangerous only) in design A (rules in memory
/// over collections loaded per prisoner), B (rules as SQL sub-queries: the analysis' shape and the hand-tuned form)
/// and C (the stored flag, the product's DashboardReads), on the same data.
/// </summary>
public static class DashboardDesigns
{
    private const int PrisonId = 1;

    public static async Task<IReadOnlyList<DesignMeasurement>> RunAsync(int prisoners, string output, string? databaseName, CancellationToken cancellationToken, int? maxRuns = null)
    {
        var database = BenchDatabase.For(prisoners, databaseName);
        var prepared = await database.EnsureReadyAsync(cancellationToken);
        Console.WriteLine(prepared);
        var today = BenchmarkRules.Today();
        var codes = BenchmarkRules.RuleSet().Rules.Select(r => r.Code).ToList();
        var designB = new DesignB(codes);
        var counter = new StatementCounter();
        await using var db = database.Open(counter);
        await using var connection = database.Connect();
        await connection.OpenAsync(cancellationToken);
        var designA = new DesignA(db, BenchmarkRules.Evaluator());
        var current = await database.ScalarAsync<long>($"SELECT COUNT(*) FROM imprisonment WHERE prison_id = {PrisonId} AND left_on IS NULL AND struck_at IS NULL", cancellationToken);
        var results = new List<DesignMeasurement>();
        var runCap = maxRuns ?? int.MaxValue;

        async Task Ef(string page, string design, Func<Task> read, int maxRuns, double budgetSeconds)
        {
            var times = await Sampler.SampleAsync(read, Math.Min(maxRuns, runCap), TimeSpan.FromSeconds(budgetSeconds));
            counter.Reset();
            await read();
            Add(new DesignMeasurement(page, design, counter.Count, times));
        }

        async Task Sql(string page, string design, string sql, int maxRuns, double budgetSeconds) =>
            Add(new DesignMeasurement(page, design, 1, await Sampler.SampleAsync(
                () => DesignB.RunAsync(connection, sql, PrisonId, today, cancellationToken), Math.Min(maxRuns, runCap), TimeSpan.FromSeconds(budgetSeconds))));

        // The product's statement and the hand-written page, call by call in turn: the ratio of the two is the figure.
        async Task BesideAnchor(string page, Func<Task> product, Func<Task> plainSql)
        {
            var (productTimes, plainSqlTimes) = await Sampler.SampleInTurnAsync(product, plainSql, Math.Min(1000, runCap), TimeSpan.FromSeconds(10));
            counter.Reset();
            await product();
            Add(new DesignMeasurement(page, "C stored flag", counter.Count, productTimes));
            Add(new DesignMeasurement(page, PlainSqlPage.Design, 1, plainSqlTimes));
        }

        void Add(DesignMeasurement measurement)
        {
            results.Add(measurement);
            Console.WriteLine($"{measurement.Page}, {measurement.Design}: {measurement.Statements:0} statements, p50 {measurement.P50:0.000} ms, p99 {measurement.P99:0.000} ms{(measurement.Note is null ? "" : $" ({measurement.Note})")}");
        }

        // The page's span of "Coming up", as the dashboard asks it.
        var comingUpUntil = DateTime.UtcNow.AddDays(Prison.Web.Pages.Prisons.ComingUp.ComingUpWindow.DefaultDays);
        await using var anchor = new PlainSqlPage(connection, PrisonId, comingUpUntil);
        await anchor.PrepareAsync(cancellationToken);

        const string top = "top ten";
        await BesideAnchor(top, () => db.DashboardAsync(PrisonId, cancellationToken, comingUpUntil), () => anchor.TopTenAsync(cancellationToken));
        await Sql(top, "B tuned", designB.TunedPage(dangerousOnly: false), 200, 10);
        await Sql(top, "B analysis", designB.AnalysisPage(dangerousOnly: false), 30, 20);
        await Ef(top, "A in memory", () => designA.PageAsync(PrisonId, cancellationToken), 50, 15);

        const string counts = "counts by status";
        await Ef(counts, "C stored flag", () => db.StatusCountsAsync(PrisonId, cancellationToken), 500, 5);
        await Sql(counts, "B analysis", designB.Counts, 30, 20);
        Add(results[^1] with { Design = "B tuned", Note = "the same statement: no form avoids computing every flag" });
        results.Add(await MeasureCountsInMemoryAsync(designA, counter, cancellationToken));
        Console.WriteLine($"{counts}, A in memory: {results[^1].Statements:0} statements, {results[^1].P50:0.0} ms ({results[^1].Note})");

        const string dangerous = "dangerous only";
        await BesideAnchor(dangerous, () => db.CurrentPrisonersAsync(PrisonId, DangerStatus.Dangerous, pageSize: 10, cancellationToken: cancellationToken), () => anchor.DangerousAsync(cancellationToken));
        await Sql(dangerous, "B tuned", designB.TunedPage(dangerousOnly: true), 200, 10);
        await Sql(dangerous, "B analysis", designB.AnalysisPage(dangerousOnly: true), 30, 20);
        await Ef(dangerous, "A in memory", () => designA.DangerousPageAsync(PrisonId, cancellationToken), 30, 15);

        var command = $"dotnet run -c Release --project tests/Prison.Benchmarks -- dashboard-designs --prisoners {prisoners}";
        await BenchmarkReport.WriteSectionAsync(output, $"dashboard-designs-{prisoners}", $"1. Dashboard, three designs, {prisoners:N0} prisoners", command,
            await Machine.DescribeAsync(cancellationToken), Table(results),
            $"Prison RNDC holds {current:N0} of the {prisoners:N0} prisoners. \"at 0.5 ms\" adds a 0.5 ms network round trip per statement to the measured p50 " +
            "(loopback costs under 0.1 ms). Ratios are the design's p50 over C's p50 on the same page. " +
            $"{PlainSqlPage.Design} is the page written by hand over the stored flag, prepared, timed in the same run as C (the anchor: C is " +
            $"{Ratio(results, top)} of it on the top ten, {Ratio(results, dangerous)} on Dangerous only). " +
            "C's top-ten and dangerous-only reads are the page's one statement, which carries the prison's counts by status too; C's dangerous-only is " +
            "the first page of the prison's list of dangerous prisoners, cut to ten rows as B's is. " +
            "A loads each prisoner on its own with the product's loader: its row, then each collection that holds entries in a query of its own. " +
            "Counts by status have no tuned B: whatever the form, every current prisoner's flag must be computed. " +
            $"The tuned B's dangerous-only page walks the arrivals index and stops after ten matches, so it is fast when dangerous prisoners are common " +
            $"({await database.ScalarAsync<decimal>("SELECT round(100.0 * COUNT(*) FILTER (WHERE danger_status = 'Dangerous') / COUNT(*), 1) FROM prisoner", cancellationToken)} % of prisoners here). Data: {prepared}.");
        await DataSetReport.WriteAsync(database, output, prepared, cancellationToken);
        await BenchmarkReport.WriteHeadlinesAsync(output, [Headline(results, top, $"dashboard top ten, {prisoners:N0} prisoners", command), Headline(results, dangerous, $"Dangerous only, {prisoners:N0} prisoners", command)],
            await SourceCommit.DescribeAsync(cancellationToken), DateTime.UtcNow);
        return results;
    }

    private static async Task<DesignMeasurement> MeasureCountsInMemoryAsync(DesignA designA, StatementCounter counter, CancellationToken cancellationToken)
    {
        counter.Reset();
        var start = System.Diagnostics.Stopwatch.GetTimestamp();
        var (_, evaluated, total) = await designA.CountsAsync(PrisonId, TimeSpan.FromSeconds(30), cancellationToken);
        var elapsed = System.Diagnostics.Stopwatch.GetElapsedTime(start).TotalMilliseconds;
        var scale = total / (double)Math.Max(1, evaluated);
        var note = evaluated < total
            ? $"one run, extrapolated from {evaluated:N0} of {total:N0} prisoners"
            : "one run";
        return new DesignMeasurement("counts by status", "A in memory", 1 + ((counter.Count - 1) * scale), [elapsed * scale], note);
    }

    /// <summary>The page's headline: the product's statement (C) beside the hand-written page, p50 of the same run.</summary>
    private static Headline Headline(IReadOnlyList<DesignMeasurement> results, string page, string name, string command)
    {
        var product = results.Single(r => r.Page == page && r.Design == "C stored flag");
        var anchor = results.Single(r => r.Page == page && r.Design == PlainSqlPage.Design);
        return new Headline(
            name,
            string.Create(CultureInfo.InvariantCulture, $"p50 {product.P50:0.000} ms (p99 {product.P99:0.000}), 1 statement"),
            string.Create(CultureInfo.InvariantCulture, $"plain SQL by hand: p50 {anchor.P50:0.000} ms"),
            AnchorRatio(results, page),
            command);
    }

    /// <summary>C's p50 over the hand-written page's p50 on the same page, in the same run.</summary>
    public static double AnchorRatio(IReadOnlyList<DesignMeasurement> results, string page) =>
        results.Single(r => r.Page == page && r.Design == "C stored flag").P50 / results.Single(r => r.Page == page && r.Design == PlainSqlPage.Design).P50;

    private static string Ratio(IReadOnlyList<DesignMeasurement> results, string page) =>
        string.Create(CultureInfo.InvariantCulture, $"{AnchorRatio(results, page):0.0}x");

    private static string Table(IReadOnlyList<DesignMeasurement> results)
    {
        static string Ms(double value) => value >= 100 ? value.ToString("N0", CultureInfo.InvariantCulture) : value.ToString("0.000", CultureInfo.InvariantCulture);
        static string Ratio(double value) => value >= 10 ? $"{value:N0}x" : $"{value:0.0}x";
        var rows = results.Select(r =>
        {
            var c = results.Single(x => x.Page == r.Page && x.Design == "C stored flag");
            return (IReadOnlyList<string>)
            [
                r.Page, r.Design, r.Statements.ToString("N0", CultureInfo.InvariantCulture), Ms(r.P50), Ms(r.P99), Ms(r.P50AtRoundTrip),
                r.Design.StartsWith('C') ? "1x" : Ratio(r.P50 / c.P50),
                r.Design.StartsWith('C') ? "1x" : Ratio(r.P50AtRoundTrip / c.P50AtRoundTrip),
                $"{r.Milliseconds.Count}{(r.Note is null ? "" : $" ({r.Note})")}",
            ];
        });
        return BenchmarkReport.Table(["page", "design", "statements", "p50 ms", "p99 ms", "p50 at 0.5 ms RTT", "/C loopback", "/C at 0.5 ms", "runs"], rows);
    }
}
