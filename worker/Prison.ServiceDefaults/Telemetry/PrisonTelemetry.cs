using System.Diagnostics;
using System.Diagnostics.Metrics;
using System.Net;
using System.Net.Sockets;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Npgsql;
using OpenTelemetry.Exporter;
using OpenTelemetry.Metrics;
using OpenTelemetry.Resources;
using OpenTelemetry.Trace;

namespace Prison.ServiceDefaults.Telemetry;

/// <summary>
/// Traces and metrics through OpenTelemetry, each on only when configured: traces exported over OTLP to
/// <c>OpenTelemetry:Endpoint</c>, metrics served to Prometheus on <c>Metrics:Port</c> (loopback unless <c>Metrics:Address</c> says otherwise). Neither sends anything anywhere
/// else: a prison's network is closed.
/// </summary>
public static class PrisonTelemetry
{
    /// <summary>The product's activity source and meter.</summary>
    public const string Name = "Prison";

    /// <summary>MassTransit 8's activity source: publish, send, receive and consume, carried in the messages' headers.</summary>
    private const string MassTransitSource = "MassTransit";

    public static readonly ActivitySource Source = new(Name);

    /// <summary>
    /// prison_build_info: 1, labelled with the version and commit this process was built from, served by every process
    /// whatever else it records (web never builds the worker's metrics).
    /// </summary>
    private static readonly Meter BuildMeter = CreateBuildMeter();

    /// <param name="serviceName">How traces and metrics name this process's service: prison-web or prison-worker.</param>
    public static TelemetrySettings AddPrisonTelemetry(this IHostApplicationBuilder builder, string serviceName)
    {
        var settings = TelemetrySettings.From(builder.Configuration);
        var services = builder.Services;
        services.AddSingleton(settings);
        services.AddSingleton<PrisonMetrics>();
        if (settings.MetricsEndpoint is null && settings.TracesEndpoint is null)
        {
            return settings;
        }

        var telemetry = services.AddOpenTelemetry()
            .ConfigureResource(resource => resource.AddService(serviceName, serviceInstanceId: $"{Environment.MachineName}:{Environment.ProcessId}"));
        if (settings.MetricsEndpoint is { } metricsEndpoint)
        {
            telemetry.WithMetrics(metrics => metrics
                .AddMeter(BuildMeter.Name)
                .AddView(PrisonMetrics.CommitToVerdictName, new ExplicitBucketHistogramConfiguration { Boundaries = PrisonMetrics.CommitToVerdictBuckets })
                .AddAspNetCoreInstrumentation()
                .AddRuntimeInstrumentation()
                .AddNpgsqlInstrumentation()
                .AddPrometheusHttpListener(listener =>
                {
                    // HttpListener listens on the address of its prefix's host, and matches a request's Host header
                    // against it.
                    var address = metricsEndpoint.Address;
                    listener.Host = address.AddressFamily == AddressFamily.InterNetworkV6 ? $"[{address}]" : address.ToString();
                    listener.Port = metricsEndpoint.Port;
                    if (address.Equals(IPAddress.Any) || address.Equals(IPAddress.IPv6Any))
                    {
                        // "+" is every interface with any Host, as scrapers reaching a container by its service name
                        // need; the exporter cannot take it as its host, which it makes a Uri of.
                        listener.ConfigureHttpListener = (_, http) =>
                        {
                            http.Prefixes.Clear();
                            http.Prefixes.Add($"http://+:{metricsEndpoint.Port}/");
                        };
                    }
                    listener.ScrapeEndpointPath = TelemetrySettings.MetricsPath;
                }));
        }

        if (settings.TracesEndpoint is { } tracesEndpoint)
        {
            telemetry.WithTracing(tracing => tracing
                .AddSource(Name, MassTransitSource)
                .AddAspNetCoreInstrumentation(aspNetCore => aspNetCore.Filter = IsTraced)
                .AddEntityFrameworkCoreInstrumentation()
                .AddOtlpExporter(otlp =>
                {
                    otlp.Protocol = settings.TracesProtocol;
                    // The HTTP exporter takes the whole address when it is set in code, path included.
                    otlp.Endpoint = settings.TracesProtocol == OtlpExportProtocol.HttpProtobuf && tracesEndpoint.AbsolutePath == "/"
                        ? new Uri(tracesEndpoint, "v1/traces")
                        : tracesEndpoint;
                }));
        }

        return settings;
    }

    /// <summary>Orchestrators' health probes and static files would bury the requests people make.</summary>
    private static bool IsTraced(HttpContext context) =>
        !context.Request.Path.StartsWithSegments("/health") && !context.Request.Path.StartsWithSegments("/css") && !context.Request.Path.StartsWithSegments("/js");

    private static Meter CreateBuildMeter()
    {
        var meter = new Meter(Name);
        meter.CreateObservableGauge(
            "prison.build.info",
            () => new Measurement<int>(1, new KeyValuePair<string, object?>("version", ProductVersion.Number), new KeyValuePair<string, object?>("commit", ProductVersion.Commit ?? "unknown")),
            null,
            "1, labelled with the version and commit this process was built from.");
        return meter;
    }
}
