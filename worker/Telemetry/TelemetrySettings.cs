using Microsoft.Extensions.Configuration;
using OpenTelemetry.Exporter;
using Prison.Worker.Hosting;

namespace Prison.Worker.Telemetry;

/// <summary>Where traces go and where metrics are served; neither is on unless configured.</summary>
/// <param name="MetricsUrl">The address of the Prometheus scrape endpoint (<c>/metrics</c> there), a listener of its own beside web's pages.</param>
/// <param name="TracesEndpoint">The OTLP receiver traces are exported to.</param>
public sealed record TelemetrySettings(Uri? MetricsUrl, Uri? TracesEndpoint, OtlpExportProtocol TracesProtocol)
{
    public const string MetricsPath = "/metrics";

    /// <summary>How often the worker reads what its gauges report (Unknown prisoners, error queues, the run, the jobs).</summary>
    public static readonly TimeSpan SampleInterval = TimeSpan.FromSeconds(15);

    public static TelemetrySettings From(IConfiguration configuration) => new(
        Address(configuration, "Metrics:Url"),
        Address(configuration, "OpenTelemetry:Endpoint"),
        configuration["OpenTelemetry:Protocol"] switch
        {
            null or "" or "grpc" => OtlpExportProtocol.Grpc,
            "http/protobuf" => OtlpExportProtocol.HttpProtobuf,
            var other => throw new StartupException($"OpenTelemetry:Protocol is \"{other}\": it must be grpc or http/protobuf."),
        });

    private static Uri? Address(IConfiguration configuration, string key) => configuration[key] switch
    {
        null or "" => null,
        var text when Uri.TryCreate(text, UriKind.Absolute, out var uri) && uri.Scheme is "http" or "https" => uri,
        var text => throw new StartupException($"{key} is \"{text}\": it must be an http:// or https:// address, such as http://127.0.0.1:9464."),
    };
}
