using System.Net;
using Microsoft.Extensions.Configuration;
using OpenTelemetry.Exporter;

namespace Prison.ServiceDefaults.Telemetry;

/// <summary>Where traces go and where metrics are served; neither is on unless configured.</summary>
/// <param name="MetricsEndpoint">Where the Prometheus scrape endpoint (<c>/metrics</c> there) listens, a listener of its own beside web's pages.</param>
/// <param name="TracesEndpoint">The OTLP receiver traces are exported to.</param>
public sealed record TelemetrySettings(IPEndPoint? MetricsEndpoint, Uri? TracesEndpoint, OtlpExportProtocol TracesProtocol)
{
    public const string MetricsPath = "/metrics";

    public const string MetricsPortKey = "Metrics:Port";

    public const string MetricsAddressKey = "Metrics:Address";

    /// <summary>How often the worker reads what its gauges report (Unknown prisoners, error queues, the run, the jobs).</summary>
    public static readonly TimeSpan SampleInterval = TimeSpan.FromSeconds(15);

    public static TelemetrySettings From(IConfiguration configuration) => new(
        MetricsListener(configuration),
        Address(configuration, "OpenTelemetry:Endpoint"),
        configuration["OpenTelemetry:Protocol"] switch
        {
            null or "" or "grpc" => OtlpExportProtocol.Grpc,
            "http/protobuf" => OtlpExportProtocol.HttpProtobuf,
            var other => throw new StartupException($"OpenTelemetry:Protocol is \"{other}\": it must be grpc or http/protobuf."),
        });

    /// <summary>
    /// Prometheus scrapes without signing in: the listener is on loopback unless <see cref="MetricsAddressKey"/> names
    /// another address (<c>0.0.0.0</c>, every interface, for a scraper in another container).
    /// </summary>
    private static IPEndPoint? MetricsListener(IConfiguration configuration)
    {
        if (!string.IsNullOrEmpty(configuration["Metrics:Url"]))
        {
            // The key before Metrics:Port: ignored, it would leave an installation silently without metrics.
            throw new StartupException($"Metrics:Url is no longer read: set {MetricsPortKey}, and {MetricsAddressKey} for an address other than 127.0.0.1.");
        }

        var port = configuration[MetricsPortKey] switch
        {
            null or "" => (int?)null,
            var text when int.TryParse(text, System.Globalization.CultureInfo.InvariantCulture, out var number) && number is > 0 and <= IPEndPoint.MaxPort => number,
            var text => throw new StartupException($"{MetricsPortKey} is \"{text}\": it must be a port number, from 1 to {IPEndPoint.MaxPort}."),
        };
        var address = configuration[MetricsAddressKey] switch
        {
            null or "" => IPAddress.Loopback,
            var text when IPAddress.TryParse(text, out var parsed) => parsed,
            var text => throw new StartupException($"{MetricsAddressKey} is \"{text}\": it must be an IP address, such as 127.0.0.1 (the default) or 0.0.0.0 for every interface."),
        };
        return port is { } chosen ? new IPEndPoint(address, chosen) : null;
    }

    private static Uri? Address(IConfiguration configuration, string key) => configuration[key] switch
    {
        null or "" => null,
        var text when Uri.TryCreate(text, UriKind.Absolute, out var uri) && uri.Scheme is "http" or "https" => uri,
        var text => throw new StartupException($"{key} is \"{text}\": it must be an http:// or https:// address, such as http://127.0.0.1:9464."),
    };
}
