using System.Text.Json;

namespace Prison.Faults.Tests;

/// <summary>What web and the worker say of the broker on /health/ready while it is down and once it is back.</summary>
[Collection(nameof(BrokerOutages))]
public sealed class BusHealthTests(OutageBroker node)
{
    [Fact]
    public async Task Web_and_the_worker_both_report_the_bus_unhealthy_while_RabbitMQ_is_stopped_and_healthy_once_it_is_back()
    {
        var broker = await node.StartedAsync();
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        var configuration = ServerArguments.For(database, broker.Address, ServerArguments.NewQueuePrefix());
        await using var web = await RunningWeb.StartAsync([.. configuration, RunningWeb.InsecureCookies]);
        await using var worker = await WorkerService.StartAsync(configuration);
        using var client = new HttpClient();
        Assert.Equal("Healthy", await BusStatusAsync(client, web.Address));
        Assert.Equal("Healthy", await BusStatusAsync(client, worker.Address));

        await broker.StopAsync();
        var webDuringOutage = await Eventually.Async(() => BusStatusAsync(client, web.Address), status => status != "Healthy", "web to see the outage", TimeSpan.FromSeconds(30));
        var workerDuringOutage = await Eventually.Async(() => BusStatusAsync(client, worker.Address), status => status != "Healthy", "the worker to see the outage", TimeSpan.FromSeconds(30));
        // Still so a while later: the outage goes on, so neither may have gone back to Healthy by reconnecting to nothing.
        await Task.Delay(TimeSpan.FromSeconds(3));
        var webLater = await BusStatusAsync(client, web.Address);
        var workerLater = await BusStatusAsync(client, worker.Address);

        await broker.StartAgainAsync();
        await Eventually.Async(() => BusStatusAsync(client, web.Address), status => status == "Healthy", "web to see the broker back", TimeSpan.FromSeconds(60));
        await Eventually.Async(() => BusStatusAsync(client, worker.Address), status => status == "Healthy", "the worker to see the broker back", TimeSpan.FromSeconds(60));

        Assert.Contains(webDuringOutage, new[] { "Unhealthy", "Degraded" });
        Assert.Contains(workerDuringOutage, new[] { "Unhealthy", "Degraded" });
        Assert.Contains(webLater, new[] { "Unhealthy", "Degraded" });
        Assert.Contains(workerLater, new[] { "Unhealthy", "Degraded" });
    }

    /// <summary>The status /health/ready gives the bus's check (MassTransit's, named after the bus).</summary>
    public static async Task<string> BusStatusAsync(HttpClient client, Uri service)
    {
        using var response = await client.GetAsync(new Uri(service, "/health/ready"));
        using var report = JsonDocument.Parse(await response.Content.ReadAsStringAsync());
        var checks = report.RootElement.GetProperty("checks");
        var bus = checks.EnumerateObject().Single(c => c.Name.Contains("bus", StringComparison.OrdinalIgnoreCase));
        return bus.Value.GetProperty("status").GetString()!;
    }
}
