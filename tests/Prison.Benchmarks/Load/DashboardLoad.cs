using System.Diagnostics;
using System.Globalization;
using Microsoft.AspNetCore.Builder;
using Prison.Benchmarks.Data;
using Prison.Benchmarks.Reporting;
using Prison.Testing;
using Prison.Web.Hosting;

namespace Prison.Benchmarks.Load;

/// <summary>
/// Benchmark 2: the dashboard page over HTTP in production mode (PostgreSQL, RabbitMQ configured) under a closed-loop
/// load of 1, 8 and 32 clients, each sending its next request when the last one is answered.
/// </summary>
public static class DashboardLoad
{
    public const string Page = "/prisons/RNDC";

    public static async Task<IReadOnlyList<(int Clients, double PerSecond, double P50, double P99)>> RunAsync(
        int prisoners, int seconds, int[] clientCounts, string output, string? databaseName, CancellationToken cancellationToken)
    {
        var database = BenchDatabase.For(prisoners, databaseName);
        var prepared = await database.EnsureReadyAsync(cancellationToken);
        Console.WriteLine(prepared);
        await using var web = await WebApp.BuildAsync(BenchServerArguments.For(database, ServerArguments.NewQueuePrefix(), RunningWeb.InsecureCookies), cancellationToken: cancellationToken);
        await web.StartAsync(cancellationToken);
        var address = new Uri(web.Urls.First());
        var results = new List<(int, double, double, double)>();
        foreach (var clients in clientCounts)
        {
            using var http = await BenchmarkHttp.SignedInClientAsync(web.Services, address, clients);
            await LoadAsync(http, clients, TimeSpan.FromSeconds(Math.Min(2, seconds)), cancellationToken);
            var (count, elapsed, times) = await LoadAsync(http, clients, TimeSpan.FromSeconds(seconds), cancellationToken);
            var result = (clients, count / elapsed.TotalSeconds, Percentiles.At(times, 0.5), Percentiles.At(times, 0.99));
            results.Add(result);
            Console.WriteLine($"{clients} clients: {result.Item2:N0} requests/s, p50 {result.Item3:0.00} ms, p99 {result.Item4:0.00} ms");
        }

        await web.StopAsync(cancellationToken);
        var table = BenchmarkReport.Table(
            ["clients", "requests/s", "p50 ms", "p99 ms"],
            results.Select(r => (IReadOnlyList<string>)[r.Item1.ToString(CultureInfo.InvariantCulture), r.Item2.ToString("N0", CultureInfo.InvariantCulture), $"{r.Item3:0.00}", $"{r.Item4:0.00}"]));
        await BenchmarkReport.WriteSectionAsync(output, $"dashboard-http-{prisoners}", $"2. Dashboard over HTTP, {prisoners:N0} prisoners", $"dotnet run -c Release --project tests/Prison.Benchmarks -- dashboard-http --prisoners {prisoners} --seconds {seconds}",
            await Machine.DescribeAsync(cancellationToken), table,
            $"GET {Page} (the ten latest arrivals of a prison, with counts by status) on Kestrel in production mode against prison_bench_{prisoners}, " +
            $"{seconds} s per level after a warm-up, closed loop (each client sends its next request when the last is answered) with HttpClient. " +
            "The load generator runs in the same process as web and shares the 2 cores with it and with PostgreSQL. " + $"Data: {prepared}.");
        return results;
    }

    private static async Task<(int Count, TimeSpan Elapsed, List<double> Times)> LoadAsync(HttpClient http, int clients, TimeSpan duration, CancellationToken cancellationToken)
    {
        var start = Stopwatch.GetTimestamp();
        var perClient = await Task.WhenAll(Enumerable.Range(0, clients).Select(async _ =>
        {
            var times = new List<double>();
            while (Stopwatch.GetElapsedTime(start) < duration)
            {
                var sent = Stopwatch.GetTimestamp();
                using var response = await http.GetAsync(Page, cancellationToken);
                response.EnsureSuccessStatusCode();
                await response.Content.ReadAsByteArrayAsync(cancellationToken);
                times.Add(Stopwatch.GetElapsedTime(sent).TotalMilliseconds);
            }

            return times;
        }));
        var elapsed = Stopwatch.GetElapsedTime(start);
        var all = perClient.SelectMany(t => t).ToList();
        return (all.Count, elapsed, all);
    }
}
