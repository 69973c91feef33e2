using System.Globalization;
using Microsoft.AspNetCore.Builder;
using Prison.Benchmarks.Data;
using Prison.Benchmarks.Reporting;
using Prison.Benchmarks.Telemetry;
using Prison.Testing;
using Prison.Web.App;

namespace Prison.Benchmarks.Load;

/// <summary>
/// Benchmark 2: the dashboard page over HTTP in production mode (PostgreSQL, RabbitMQ configured) under a closed-loop
/// load of 1, 8 and 32 connections from wrk, each sending its next request when the last one is answered.
/// </summary>
public static class DashboardLoad
{
    public const string Page = "/prisons/RNDC";

    public static async Task<IReadOnlyList<(int Clients, double PerSecond, double P50, double P99)>> RunAsync(
        int prisoners, int seconds, int[] clientCounts, string output, string? databaseName, CancellationToken cancellationToken, bool withTelemetry = false)
    {
        var database = BenchDatabase.For(prisoners, databaseName);
        var prepared = await database.EnsureReadyAsync(cancellationToken);
        Console.WriteLine(prepared);
        await using var telemetry = withTelemetry ? await TelemetryUnderTest.StartAsync() : null;
        await using var web = await WebApp.BuildAsync(
            BenchServerArguments.For(database, ServerArguments.NewQueuePrefix(), [RunningWeb.InsecureCookies, .. telemetry?.Arguments() ?? []]), cancellationToken: cancellationToken);
        await web.StartAsync(cancellationToken);
        var address = new Uri(web.Urls.First());
        var signedIn = WrkRequests.SignedIn(await BenchmarkHttp.SignedInCookieHeaderAsync(web.Services, address));
        var page = new Uri(address, Page);
        var results = new List<(int, double, double, double)>();
        foreach (var clients in clientCounts)
        {
            await Wrk.RunAsync(page, signedIn, clients, Wrk.WarmUp(clients == clientCounts[0], seconds), cancellationToken);
            var run = await Wrk.RunAsync(page, signedIn, clients, TimeSpan.FromSeconds(seconds), cancellationToken);
            if (run.NotOk > 0)
            {
                throw new InvalidOperationException($"{run.NotOk:N0} of {run.Requests:N0} answers with {clients} clients were not 200 OK: the figures would not be the dashboard's.");
            }

            var result = (clients, run.PerSecond, run.P50Ms, run.P99Ms);
            results.Add(result);
            Console.WriteLine($"{clients} clients: {result.Item2:N0} requests/s, p50 {result.Item3:0.00} ms, p99 {result.Item4:0.00} ms");
        }

        await web.StopAsync(cancellationToken);
        var table = BenchmarkReport.Table(
            ["clients", "requests/s", "p50 ms", "p99 ms"],
            results.Select(r => (IReadOnlyList<string>)[r.Item1.ToString(CultureInfo.InvariantCulture), r.Item2.ToString("N0", CultureInfo.InvariantCulture), $"{r.Item3:0.00}", $"{r.Item4:0.00}"]));
        await BenchmarkReport.WriteSectionAsync(
            output,
            $"dashboard-http-{prisoners}{(withTelemetry ? "-telemetry" : "")}",
            $"2. Dashboard over HTTP, {prisoners:N0} prisoners{(withTelemetry ? ", traces and metrics on" : "")}",
            $"dotnet run -c Release --project tests/Prison.Benchmarks -- dashboard-http --prisoners {prisoners} --seconds {seconds}{(withTelemetry ? " --telemetry" : "")}",
            await Machine.DescribeAsync(cancellationToken), table,
            $"GET {Page} (the ten latest arrivals of a prison, with counts by status) on Kestrel in production mode against prison_bench_{prisoners}, " +
            $"{seconds} s per level after a warm-up ({Wrk.WarmUp(true, seconds).TotalSeconds:0} s before the first level, for the JIT's optimised code; {Wrk.WarmUp(false, seconds).TotalSeconds:0} s before the others), closed loop (each connection sends its next request when the last is answered) with wrk " +
            "(one thread; every answer checked to be 200 OK, signed in as a Staff user). wrk, web and PostgreSQL share the 2 cores. " + $"Data: {prepared}." + TelemetryUnderTest.Note(telemetry));
        return results;
    }
}
