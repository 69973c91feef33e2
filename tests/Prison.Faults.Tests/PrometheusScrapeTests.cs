using MassTransit;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db.Identity;

namespace Prison.Faults.Tests;

/// <summary>
/// The metrics as an operator's Prometheus sees them: Debian's server scraping web and a worker process on loopback,
/// read through its HTTP API, the way a dashboard or an alert would.
/// </summary>
public sealed class PrometheusScrapeTests
{
    [Fact]
    public async Task A_recorded_notice_raises_the_commit_to_verdict_count_that_Prometheus_scrapes_from_the_worker()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        var configuration = ServerArguments.For(database, ServerArguments.NewQueuePrefix());
        var webMetrics = new Uri($"http://127.0.0.1:{PrivatePrometheus.FreePort()}");
        var workerMetrics = new Uri($"http://127.0.0.1:{PrivatePrometheus.FreePort()}");
        await using var web = await RunningWeb.StartAsync([.. configuration, RunningWeb.InsecureCookies, $"--Metrics:Port={webMetrics.Port}"]);
        await using var workers = await WorkerServices.StartAsync(1, [.. configuration, $"--Metrics:Port={workerMetrics.Port}"]);
        await using var prometheus = await PrivatePrometheus.StartAsync(new Dictionary<string, Uri> { ["web"] = webMetrics, ["worker"] = workerMetrics });
        var today = DateOnly.FromDateTime(DateTime.UtcNow).AddDays(-1);
        await using (var db = database.Open())
        {
            db.Prisons.Add(Records.Prison());
            db.Prisoners.Add(Records.Harmless("P001", 1, today.AddDays(-30)));
            await web.Services.GetRequiredService<IBus>().PublishBatch(await db.SaveRecordChangesAsync());
        }

        await Eventually.Async(() => prometheus.ValueAsync("min(up)"), up => up == 1, "both targets scraped and up", TimeSpan.FromSeconds(60));
        var before = await Eventually.Async(
            () => prometheus.ValueAsync("sum(prison_commit_to_verdict_seconds_count)"), count => count >= 1, "the seeded prisoner's verdict counted", TimeSpan.FromSeconds(60));

        using var client = await web.SignedInClientAsync(Roles.Staff);
        var (_, token) = await NoticePosting.OpenAsync(client, "P001");
        using var posted = await NoticePosting.PostAsync(client, "P001", token, "AssaultOnPrisoner", today.ToString("yyyy-MM-dd", System.Globalization.CultureInfo.InvariantCulture), "A fight in the yard");

        var after = await Eventually.Async(
            () => prometheus.ValueAsync("sum(prison_commit_to_verdict_seconds_count)"), count => count > before, "the notice's verdict counted", TimeSpan.FromSeconds(60));
        var p99 = await prometheus.ValueAsync("histogram_quantile(0.99, sum by (le) (rate(prison_commit_to_verdict_seconds_bucket[1m])))");
        var names = await prometheus.MetricNamesAsync();

        // The gauges are read every 15 s, not at each scrape.
        await Eventually.Async(
            () => prometheus.ValueAsync("prison_prisoners_unknown{job=\"worker\"}"), unknown => unknown == 0, "no prisoner Unknown, as the worker reads it", TimeSpan.FromSeconds(60));
        await Eventually.Async(
            () => prometheus.ValueAsync("prison_events_unrelayed{job=\"worker\"}"), waiting => waiting == 0, "no event waiting in the outbox, as the worker reads it", TimeSpan.FromSeconds(60));

        Assert.Equal(before + 1, after);
        Assert.NotNull(p99);
        Assert.All(
            ["prison_verdicts_written_total", "prison_prisoners_unknown", "prison_prisoners_unknown_oldest_age_seconds", "prison_error_queue_messages",
             "prison_events_unrelayed", "prison_events_unrelayed_oldest_age_seconds", "prison_job_failed_runs", "http_server_request_duration_seconds_count", "db_client_operation_duration_seconds_count"],
            name => Assert.Contains(name, names));
        Assert.Equal(Prison.Runtime.Messaging.ErrorQueues.Endpoints.Count, await prometheus.ValueAsync("count(prison_error_queue_messages{job=\"worker\"})"));
        Assert.Null(await prometheus.ValueAsync("prison_prisoners_unknown{job=\"web\"}"));
        foreach (var job in new[] { "web", "worker" })
        {
            Assert.Equal(1, await prometheus.ValueAsync($"prison_build_info{{job=\"{job}\",version=\"{Prison.ServiceDefaults.ProductVersion.Number}\"}}"));
        }
    }
}
