using System.Globalization;
using System.Net;
using System.Text.Json;
using Microsoft.AspNetCore.Builder;
using Prison.Benchmarks.Data;
using Prison.Benchmarks.Reporting;
using Prison.Testing;
using Prison.Web.Hosting;

namespace Prison.Benchmarks.Load;

/// <summary>
/// Benchmark 5: what open dashboards cost. wrk asks the poll of the largest prison's dashboard "anything new since the
/// stamp I have?" over HTTP in production mode, closed loop with 1, 8 and 32 connections, and nothing changes meanwhile:
/// every answer is 304, the answer thousands of screens get between two changes.
/// </summary>
public static class DashboardPollLoad
{
    public const string Poll = "/api/prisons/RNDC/dashboard";

    public static async Task<IReadOnlyList<(int Clients, double PerSecond, double P50, double P99)>> RunAsync(
        int prisoners, int seconds, int[] clientCounts, string output, string? databaseName, CancellationToken cancellationToken)
    {
        var database = BenchDatabase.For(prisoners, databaseName);
        var prepared = await database.EnsureReadyAsync(cancellationToken);
        Console.WriteLine(prepared);
        await using var web = await WebApp.BuildAsync(BenchServerArguments.For(database, ServerArguments.NewQueuePrefix(), RunningWeb.InsecureCookies), cancellationToken: cancellationToken);
        await web.StartAsync(cancellationToken);
        var address = new Uri(web.Urls.First());
        var cookie = await BenchmarkHttp.SignedInCookieHeaderAsync(web.Services, address);
        var stamp = await StampAsync(address, cookie, cancellationToken);
        var poll = new Uri(address, $"{Poll}?since={Uri.EscapeDataString(stamp)}");
        var results = new List<(int, double, double, double)>();
        foreach (var clients in clientCounts)
        {
            await Wrk.RunAsync(poll, cookie, clients, TimeSpan.FromSeconds(Math.Min(2, seconds)), cancellationToken, expectedStatus: 304);
            var run = await Wrk.RunAsync(poll, cookie, clients, TimeSpan.FromSeconds(seconds), cancellationToken, expectedStatus: 304);
            if (run.NotOk > 0)
            {
                throw new InvalidOperationException($"{run.NotOk:N0} of {run.Requests:N0} answers with {clients} clients were not 304 Not Modified: the figures would not be the poll's.");
            }

            var result = (clients, run.PerSecond, run.P50Ms, run.P99Ms);
            results.Add(result);
            Console.WriteLine($"{clients} clients: {result.Item2:N0} answers 304/s, p50 {result.Item3:0.00} ms, p99 {result.Item4:0.00} ms");
        }

        await web.StopAsync(cancellationToken);
        var table = BenchmarkReport.Table(
            ["clients", "304 answers/s", "p50 ms", "p99 ms"],
            results.Select(r => (IReadOnlyList<string>)[r.Item1.ToString(CultureInfo.InvariantCulture), r.Item2.ToString("N0", CultureInfo.InvariantCulture), $"{r.Item3:0.00}", $"{r.Item4:0.00}"]));
        await BenchmarkReport.WriteSectionAsync(output, $"dashboard-poll-{prisoners}", $"5. Dashboard poll over HTTP, {prisoners:N0} prisoners", $"dotnet run -c Release --project tests/Prison.Benchmarks -- dashboard-poll --prisoners {prisoners} --seconds {seconds}",
            await Machine.DescribeAsync(cancellationToken), table,
            $"GET {Poll}?since=STAMP (has the dashboard of the largest prison changed since the stamp the page shows? one statement over the prison's 16 rows of " +
            $"prison_status_count, the stays never read) on Kestrel in production mode against prison_bench_{prisoners}, nothing changing meanwhile, so every answer is " +
            $"304 Not Modified with no body (each checked by wrk's script). {seconds} s per level after a 2 s warm-up, closed loop, one wrk thread, signed in as a Staff user; " +
            $"wrk, web and PostgreSQL share the 2 cores. Target: 10,000 answers/s, so that thousands of screens polling every 2 s cost a fraction of the machine. Data: {prepared}.");
        return results;
    }

    /// <summary>The stamp an open page holds: the poll's answer without one.</summary>
    private static async Task<string> StampAsync(Uri address, string cookie, CancellationToken cancellationToken)
    {
        using var client = new HttpClient(new HttpClientHandler { UseCookies = false }) { BaseAddress = address };
        using var request = new HttpRequestMessage(HttpMethod.Get, Poll);
        request.Headers.Add("Cookie", cookie);
        using var response = await client.SendAsync(request, cancellationToken);
        if (response.StatusCode != HttpStatusCode.OK)
        {
            throw new InvalidOperationException($"{Poll} answered {(int)response.StatusCode}, not the dashboard.");
        }

        using var json = JsonDocument.Parse(await response.Content.ReadAsStringAsync(cancellationToken));
        return json.RootElement.GetProperty("stamp").GetString()!;
    }
}
