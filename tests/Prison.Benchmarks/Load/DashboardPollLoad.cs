using System.Globalization;
using System.Net;
using System.Text.Json;
using Microsoft.AspNetCore.Builder;
using Prison.Benchmarks.Data;
using Prison.Benchmarks.Reporting;
using Prison.Testing;
using Prison.Web.App;
using Prison.Web.Pages.Prisons.Dashboard;

namespace Prison.Benchmarks.Load;

/// <summary>
/// Benchmark 5: what open dashboards cost. wrk asks the poll of the largest prison's dashboard "anything new since the
/// stamp I have?" over HTTP in production mode, closed loop with 1, 8 and 32 connections, and nothing changes meanwhile:
/// every answer is 304, the answer thousands of screens get between two changes. Twice: as web runs by default (a
/// stamp read for one poll answers the others for half a second) and with every poll reading the stamp
/// (Dashboard:StampReuse=00:00:00), the cost of the one statement. /health/live, which signs nobody in and reads
/// nothing, says what Kestrel and wrk alone reach.
/// </summary>
public static class DashboardPollLoad
{
    public const string Poll = "/api/prisons/RNDC/dashboard";

    public const string Default = "the poll, 304, stamp reused 0.5 s (default)";

    public const string EveryPoll = "the poll, 304, stamp read by every poll";

    public const string Health = "/health/live, for comparison";

    public static async Task<IReadOnlyList<(string Request, int Clients, double PerSecond, double P50, double P99)>> RunAsync(
        int prisoners, int seconds, int[] clientCounts, string output, string? databaseName, CancellationToken cancellationToken)
    {
        var database = BenchDatabase.For(prisoners, databaseName);
        var prepared = await database.EnsureReadyAsync(cancellationToken);
        Console.WriteLine(prepared);
        var results = new List<(string, int, double, double, double)>();
        foreach (var (request, reuse) in new[] { (Default, DashboardStamps.DefaultReuse), (EveryPoll, TimeSpan.Zero) })
        {
            await using var web = await WebApp.BuildAsync(
                BenchServerArguments.For(database, ServerArguments.NewQueuePrefix(), RunningWeb.InsecureCookies, $"--{DashboardStamps.ReuseKey}={reuse:c}"),
                cancellationToken: cancellationToken);
            await web.StartAsync(cancellationToken);
            var address = new Uri(web.Urls.First());
            var cookie = await BenchmarkHttp.SignedInCookieHeaderAsync(web.Services, address);
            var stamp = await StampAsync(address, cookie, cancellationToken);
            var poll = new Uri(address, $"{Poll}?since={Uri.EscapeDataString(stamp)}");
            foreach (var clients in clientCounts)
            {
                results.Add(await LoadAsync(request, poll, cookie, clients, 304, seconds, clients == clientCounts[0], cancellationToken));
            }

            if (reuse == TimeSpan.Zero)
            {
                results.Add(await LoadAsync(Health, new Uri(address, "/health/live"), cookie, clientCounts.Max(), 200, seconds, firstLevel: false, cancellationToken));
            }

            await web.StopAsync(cancellationToken);
        }

        var table = BenchmarkReport.Table(
            ["request", "clients", "answers/s", "p50 ms", "p99 ms"],
            results.Select(r => (IReadOnlyList<string>)[r.Item1, r.Item2.ToString(CultureInfo.InvariantCulture), r.Item3.ToString("N0", CultureInfo.InvariantCulture), $"{r.Item4:0.00}", $"{r.Item5:0.00}"]));
        await BenchmarkReport.WriteSectionAsync(output, $"dashboard-poll-{prisoners}", $"5. Dashboard poll over HTTP, {prisoners:N0} prisoners", $"dotnet run -c Release --project tests/Prison.Benchmarks -- dashboard-poll --prisoners {prisoners} --seconds {seconds}",
            await Machine.DescribeAsync(cancellationToken), table,
            $"GET {Poll}?since=STAMP: has the dashboard of the largest prison changed since the stamp the page shows? Nothing changes meanwhile, so every answer is " +
            "304 Not Modified with no body (each checked by wrk's script). Read from the database, the question is one statement over the prison's 16 rows of " +
            "prison_status_count, the stays never read; by default web reuses a stamp it read less than half a second ago (Dashboard:StampReuse), so that every " +
            "screen of a prison after the first costs no statement. Kestrel in production mode against " +
            $"prison_bench_{prisoners}, {seconds} s per level after a warm-up ({Wrk.WarmUp(true, seconds).TotalSeconds:0} s before each server's first level, {Wrk.WarmUp(false, seconds).TotalSeconds:0} s before the others), closed loop, one wrk thread, signed in as a Staff user; wrk, web and PostgreSQL share " +
            $"the 2 cores. /health/live signs nobody in and reads nothing. Target: 10,000 answers/s. Data: {prepared}.");
        return results;
    }

    private static async Task<(string, int, double, double, double)> LoadAsync(
        string request, Uri url, string cookie, int clients, int expected, int seconds, bool firstLevel, CancellationToken cancellationToken)
    {
        await Wrk.RunAsync(url, WrkRequests.SignedIn(cookie), clients, Wrk.WarmUp(firstLevel, seconds), cancellationToken, expected);
        var run = await Wrk.RunAsync(url, WrkRequests.SignedIn(cookie), clients, TimeSpan.FromSeconds(seconds), cancellationToken, expected);
        if (run.NotOk > 0)
        {
            throw new InvalidOperationException($"{run.NotOk:N0} of {run.Requests:N0} answers to {request} with {clients} clients were not {expected}: the figures would not be its.");
        }

        Console.WriteLine($"{request}, {clients} clients: {run.PerSecond:N0} answers/s, p50 {run.P50Ms:0.00} ms, p99 {run.P99Ms:0.00} ms");
        return (request, clients, run.PerSecond, run.P50Ms, run.P99Ms);
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
