using System.Diagnostics;
using MassTransit;
using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db;
using Prison.Db.Demo;
using Prison.Db.Identity;
using Prison.Db.Reads;
using Prison.Db.Search;
using Prison.Db.Writes;
using Prison.Domain.Evaluation;
using Prison.Testing;
using Prison.Web.Demo;
using Prison.Web.App;
using Prison.Web.Pages.Prisoners;

namespace Prison.Benchmarks;

/// <summary>The dashboard page over HTTP in production mode (PostgreSQL, demo data), and the statements each read and write sends.</summary>
public static class DashboardPage
{
    public static async Task<int> RunAsync(int requests, CancellationToken cancellationToken)
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        var prefix = ServerArguments.NewQueuePrefix();
        await using var web = await WebApp.BuildAsync(ServerArguments.For(database, prefix, "--Logging:LogLevel:Default=Warning", RunningWeb.InsecureCookies, RunningWeb.PasswordAlone), cancellationToken: cancellationToken);
        await web.Services.SeedDemoDataAsync(cancellationToken);

        await web.StartAsync(cancellationToken);
        await using (var worker = await RunningWorker.StartAsync(database, prefix, null, "--Logging:LogLevel:Default=Warning"))
        {
            await using var scope = web.Services.CreateAsyncScope();
            var changes = (await scope.ServiceProvider.GetRequiredService<PrisonDb>().Prisoners.Select(p => new Domain.Messages.PrisonerChanged(p.Id, p.ChangeVersion)).ToListAsync(cancellationToken));
            await scope.ServiceProvider.GetRequiredService<IPublishEndpoint>().PublishBatch(changes, cancellationToken);
            await Eventually.Async(() => database.ScalarAsync<long>("SELECT COUNT(*) FROM prisoner WHERE danger_status = 'Unknown'"), n => n == 0, "the demo data to be evaluated", TimeSpan.FromMinutes(2));
        }

        var address = web.Urls.First();
        using var http = await SigningIn.SignedInClientAsync(
            web.Services, () => new HttpClient(new HttpClientHandler { UseCookies = true, AllowAutoRedirect = false }) { BaseAddress = new Uri(address) }, Roles.Staff);
        for (var i = 0; i < 50; i++)
        {
            (await http.GetAsync("/prisons/RNDC", cancellationToken)).EnsureSuccessStatusCode();
        }

        var times = new List<double>(requests);
        for (var i = 0; i < requests; i++)
        {
            var start = Stopwatch.GetTimestamp();
            using var response = await http.GetAsync(i % 2 == 0 ? "/prisons/RNDC" : "/prisons/GRVC/prisoners?status=Dangerous", cancellationToken);
            response.EnsureSuccessStatusCode();
            await response.Content.ReadAsStringAsync(cancellationToken);
            times.Add(Stopwatch.GetElapsedTime(start).TotalMilliseconds);
        }

        Console.WriteLine($"dashboard page over HTTP, production mode, one client, 300 prisoners: {Percentiles.Describe(times)}");
        await PrintStatementsAsync(database, cancellationToken);
        await web.StopAsync(cancellationToken);
        return 0;
    }

    private static async Task PrintStatementsAsync(ScratchDatabase database, CancellationToken cancellationToken)
    {
        var counter = new StatementCounter();
        await using var db = database.Open(interceptors: counter);
        var ids = await db.Prisoners.Select(p => p.Id).ToListAsync(cancellationToken);
        var evaluator = new DangerEvaluator(new RuleSet(RuleCatalog.BuiltIn()).Without(["ArrivedInLast7Days"]), new PrisonCalendar(TimeZoneInfo.Utc));

        async Task Count(string what, Func<Task> operation)
        {
            counter.Reset();
            await operation();
            Console.WriteLine($"statements: {what}: {counter.Count}");
        }

        await Count("dashboard (ten latest arrivals)", () => db.DashboardAsync(1, cancellationToken: cancellationToken));
        await Count("counts by status", () => db.StatusCountsAsync(1, cancellationToken));
        await Count("dangerous only (a page of the list)", () => db.CurrentPrisonersAsync(1, Domain.DangerStatus.Dangerous, cancellationToken: cancellationToken));
        var stamp = (await db.DashboardAsync(1, cancellationToken)).Stamp;
        await Count("dashboard poll, nothing changed", () => db.DashboardIfChangedAsync(1, stamp, cancellationToken));
        await Count("dashboard poll, changed", () => db.DashboardIfChangedAsync(1, stamp with { Changes = stamp.Changes - 1 }, cancellationToken));
        await Count("verdict poll", () => db.StoredVerdictAsync(ids[0], prisonIds: null, cancellationToken));
        await Count("search", () => db.SearchAsync("ma", prisonIds: null, cancellationToken));
        await Count("load 1 aggregate", () => db.LoadPrisonersAsync(ids.Take(1).ToList(), Tracking.Untracked, cancellationToken));
        await Count("load 300 aggregates", () => db.LoadPrisonersAsync(ids, Tracking.Untracked, cancellationToken));
        var loaded = await db.LoadPrisonersAsync(ids, Tracking.Untracked, cancellationToken);
        await Count("write 300 verdicts", () => db.WriteVerdictsAsync(loaded.Select(p => new EvaluatedPrisoner(p.Id, p.ChangeVersion, evaluator.Evaluate(p, DateTime.UtcNow))).ToList(), cancellationToken));
    }
}
