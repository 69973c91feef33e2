using System.Net;
using System.Net.Sockets;
using Prison.Testing;

namespace Prison.Benchmarks.Telemetry;

/// <summary>
/// What an installation with traces and metrics on gives the processes to do: traces exported over OTLP/HTTP to a
/// receiver (here one that reads and drops them, as a collector's intake does), and every process's /metrics read
/// every 15 s, as Prometheus would.
/// </summary>
public sealed class TelemetryUnderTest : IAsyncDisposable
{
    public static readonly TimeSpan ScrapeInterval = TimeSpan.FromSeconds(15);

    private readonly OtlpReceiver _receiver;
    private readonly List<Uri> _scraped = [];
    private readonly HttpClient _scraper = new() { Timeout = TimeSpan.FromSeconds(10) };
    private readonly CancellationTokenSource _stop = new();
    private readonly Task _scraping;
    private long _scrapes;

    private TelemetryUnderTest(OtlpReceiver receiver)
    {
        _receiver = receiver;
        _scraping = Task.Run(ScrapeAsync);
    }

    /// <summary>OTLP export requests received so far.</summary>
    public long Exports => _receiver.Exports;

    /// <summary>Scrapes answered so far.</summary>
    public long Scrapes => Interlocked.Read(ref _scrapes);

    public const string Description =
        "Traces and metrics on: web and each worker process export their traces over OTLP/HTTP to a receiver in the benchmark process that reads and "
        + "drops them, and serve /metrics (Metrics:Port), which the benchmark reads every 15 s as Prometheus would.";

    public static async Task<TelemetryUnderTest> StartAsync() => new(await OtlpReceiver.StartAsync(keepSpans: false));

    /// <summary>What a benchmark section says of the run's telemetry: nothing when it was off.</summary>
    public static string Note(TelemetryUnderTest? telemetry) =>
        telemetry is null ? "" : $" {Description} (here {telemetry.Exports:N0} exports, {telemetry.Scrapes:N0} scrapes.)";

    /// <summary>The settings for one more process: its own metrics port, which is scraped from now on.</summary>
    public string[] Arguments()
    {
        var metrics = new Uri($"http://127.0.0.1:{FreePort()}");
        lock (_scraped)
        {
            _scraped.Add(metrics);
        }

        return [$"--Metrics:Port={metrics.Port}", $"--OpenTelemetry:Endpoint={_receiver.Address}", "--OpenTelemetry:Protocol=http/protobuf"];
    }

    public async ValueTask DisposeAsync()
    {
        await _stop.CancelAsync();
        await _scraping.ContinueWith(_ => { }, TaskScheduler.Default);
        _scraper.Dispose();
        _stop.Dispose();
        await _receiver.DisposeAsync();
    }

    private async Task ScrapeAsync()
    {
        using var timer = new PeriodicTimer(ScrapeInterval);
        while (await timer.WaitForNextTickAsync(_stop.Token))
        {
            Uri[] targets;
            lock (_scraped)
            {
                targets = [.. _scraped];
            }

            foreach (var target in targets)
            {
                try
                {
                    using var answer = await _scraper.GetAsync(new Uri(target, "/metrics"), _stop.Token);
                    await answer.Content.CopyToAsync(Stream.Null, _stop.Token);
                    Interlocked.Increment(ref _scrapes);
                }
                catch (HttpRequestException)
                {
                    // A worker process that has ended since.
                }
            }
        }
    }

    private static int FreePort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }
}
