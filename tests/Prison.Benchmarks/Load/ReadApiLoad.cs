using System.Globalization;
using Microsoft.AspNetCore.Builder;
using Microsoft.EntityFrameworkCore;
using Prison.Benchmarks.Data;
using Prison.Benchmarks.Reporting;
using Prison.Benchmarks.Writes;
using Prison.Db.Api;
using Prison.Testing;
using Prison.Web.Api;
using Prison.Web.App;

namespace Prison.Benchmarks.Load;

/// <summary>
/// Benchmark 11: the read API over HTTP in production mode, as another system calls it: an API client registered
/// through web's own registry, its token from web's token endpoint (client credentials), then closed-loop load from
/// wrk on one prisoner's verdict, a different prisoner each request, and on a prison's Dangerous list, every prison in turn.
/// </summary>
public static class ReadApiLoad
{
    public const string Verdict = "one prisoner's verdict";

    public const string DangerousList = "a prison's Dangerous list, first page";

    /// <summary>Prisoners whose verdicts are read in turn: enough that the reads are spread over the table, not one cached row.</summary>
    private const int VerdictsRead = 50_000;

    /// <summary>
    /// Web's per-client limit (Api:RequestsPerMinute) answers a flood with 429 after its first minute's allowance: raised
    /// here, so that what is measured is the read; the limiter is still on every call's path.
    /// </summary>
    private static readonly string[] Arguments = [RunningWeb.InsecureCookies, $"--{ApiSetup.RequestsPerMinuteKey}={int.MaxValue}"];

    public static async Task<IReadOnlyList<(string Request, int Clients, double PerSecond, double P50, double P99)>> RunAsync(
        int prisoners, int seconds, int[] clientCounts, string output, string? databaseName, CancellationToken cancellationToken)
    {
        var database = BenchDatabase.For(prisoners, databaseName);
        var prepared = await database.EnsureReadyAsync(cancellationToken);
        Console.WriteLine(prepared);
        var numbers = await CommitToVerdict.NumbersAsync(database, VerdictsRead, cancellationToken);
        var prisons = await PrisonCodesAsync(database, cancellationToken);
        await using var web = await WebApp.BuildAsync(BenchServerArguments.For(database, ServerArguments.NewQueuePrefix(), Arguments), cancellationToken: cancellationToken);
        await web.StartAsync(cancellationToken);
        var address = new Uri(web.Urls.First());
        var (client, secret) = await web.Services.CreateApiClientAsync([ApiScopes.VerdictsRead]);
        var results = new List<(string Request, int Clients, double PerSecond, double P50, double P99)>();
        foreach (var (request, paths) in new[]
                 {
                     (Verdict, numbers.Select(VerdictReads.VerdictPathOf).ToList()),
                     (DangerousList, prisons.Select(code => $"{ApiSetup.Prefix}/prisons/{Uri.EscapeDataString(code)}/dangerous").ToList()),
                 })
        {
            foreach (var clients in clientCounts)
            {
                // A token for each level: none outlives Api:TokenLifetime during a long run.
                using var http = new HttpClient { BaseAddress = address };
                var requests = WrkRequests.Bearer(await http.TokenAsync(client, secret), paths);
                await Wrk.RunAsync(address, requests, clients, Wrk.WarmUp(results.Count == 0, seconds), cancellationToken);
                var run = await Wrk.RunAsync(address, requests, clients, TimeSpan.FromSeconds(seconds), cancellationToken);
                if (run.NotOk > 0)
                {
                    throw new InvalidOperationException($"{run.NotOk:N0} of {run.Requests:N0} answers to {request} with {clients} clients were not 200 OK: the figures would not be the API's.");
                }

                results.Add((request, clients, run.PerSecond, run.P50Ms, run.P99Ms));
                Console.WriteLine($"{request}, {clients} clients: {run.PerSecond:N0} answers/s, p50 {run.P50Ms:0.00} ms, p99 {run.P99Ms:0.00} ms");
            }
        }

        await web.StopAsync(cancellationToken);
        var command = $"dotnet run -c Release --project tests/Prison.Benchmarks -- read-api --prisoners {prisoners} --seconds {seconds}{(databaseName is null ? "" : $" --database {databaseName}")}";
        var table = BenchmarkReport.Table(
            ["request", "clients", "answers/s", "p50 ms", "p99 ms"],
            results.Select(r => (IReadOnlyList<string>)[r.Request, r.Clients.ToString(CultureInfo.InvariantCulture), r.PerSecond.ToString("N0", CultureInfo.InvariantCulture), $"{r.P50:0.00}", $"{r.P99:0.00}"]));
        await BenchmarkReport.WriteSectionAsync(
            output, $"read-api-{prisoners}", $"11. Read API over HTTP, {prisoners:N0} prisoners", command, await Machine.DescribeAsync(cancellationToken), table,
            $"GET {ApiSetup.Prefix}/prisoners/NUMBER/verdict with `Authorization: Bearer TOKEN`, each request another of {numbers.Count:N0} prisoners held now (in turn, so no single row is read hot), " +
            $"and GET {ApiSetup.Prefix}/prisons/CODE/dangerous, the first page ({VerdictReads.PageSize}) of each of the {prisons.Count} prisons in turn. The client is registered through web's " +
            "own registry with the verdicts.read scope over every prison, and its token got from web's token endpoint by client credentials, as another system gets one. " +
            "Each answer is the full one (no If-None-Match sent), audited as a read as every call is, each checked by wrk's script to be 200 OK. " +
            $"The per-client limit ({ApiSetup.RequestsPerMinuteKey}, {ApiSetup.DefaultRequestsPerMinute:N0} a minute by default) is raised for the run, or it would answer the flood 429. " +
            $"Kestrel in production mode against {database.Name}, {seconds} s per level after a warm-up ({Wrk.WarmUp(true, seconds).TotalSeconds:0} s before the first level, " +
            $"{Wrk.WarmUp(false, seconds).TotalSeconds:0} s before the others), closed loop, one wrk thread; wrk, web and PostgreSQL share the 2 cores. Target: p99 under 5 ms. Data: {prepared}.");
        await BenchmarkReport.WriteHeadlinesAsync(
            output,
            [.. results.Where(r => r.Request == Verdict).Select(r => new Headline(
                $"read API, one prisoner's verdict, {prisoners:N0} prisoners, {r.Clients} client(s)", $"p99 {r.P99:0.00} ms (p50 {r.P50:0.00}), {r.PerSecond.ToString("N0", CultureInfo.InvariantCulture)} answers/s", null, null, command))],
            await SourceCommit.DescribeAsync(cancellationToken),
            DateTime.UtcNow);

        return results;
    }

    private static async Task<List<string>> PrisonCodesAsync(BenchDatabase database, CancellationToken cancellationToken)
    {
        await using var db = database.Open();
        return await db.Prisons.OrderBy(p => p.Code).Select(p => p.Code).ToListAsync(cancellationToken);
    }
}
