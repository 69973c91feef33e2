using System.Net;
using System.Net.Sockets;

namespace Prison.Web.Tests.Hosting;

/// <summary>
/// Prometheus scrapes without signing in, so the metrics listener is on loopback (127.0.0.1) unless Metrics:Address
/// names another address. 127.0.0.2, another loopback address, stands in for the machine's other interfaces.
/// </summary>
public sealed class MetricsListenerTests
{
    [Fact]
    public async Task The_metrics_listener_answers_on_127_0_0_1_only_by_default()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        var port = FreePort();
        await using var web = await RunningWeb.StartAsync(database, ServerArguments.NewQueuePrefix(), more: $"--Metrics:Port={port}");
        using var client = new HttpClient();

        using var onLoopback = await client.GetAsync($"http://127.0.0.1:{port}/metrics");
        var elsewhere = await Record.ExceptionAsync(() => client.GetAsync($"http://127.0.0.2:{port}/metrics"));

        Assert.Equal(HttpStatusCode.OK, onLoopback.StatusCode);
        Assert.Equal(SocketError.ConnectionRefused, Assert.IsType<SocketException>(Assert.IsType<HttpRequestException>(elsewhere).InnerException).SocketErrorCode);
    }

    [Fact]
    public async Task Metrics_Address_0_0_0_0_opens_the_listener_on_every_interface()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        var port = FreePort();
        await using var web = await RunningWeb.StartAsync(database, ServerArguments.NewQueuePrefix(), more: [$"--Metrics:Port={port}", "--Metrics:Address=0.0.0.0"]);
        using var client = new HttpClient();

        using var elsewhere = await client.GetAsync($"http://127.0.0.2:{port}/metrics");
        using var request = new HttpRequestMessage(HttpMethod.Get, $"http://127.0.0.1:{port}/metrics");
        // As Prometheus in another container asks, by the service's name.
        request.Headers.Host = "web:9464";
        using var byServiceName = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.OK, elsewhere.StatusCode);
        Assert.Equal(HttpStatusCode.OK, byServiceName.StatusCode);
    }

    private static int FreePort()
    {
        using var probe = new TcpListener(IPAddress.Loopback, 0);
        probe.Start();
        return ((IPEndPoint)probe.LocalEndpoint).Port;
    }
}
