using System.Collections.Concurrent;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Prison.Testing;

/// <summary>
/// An OTLP/HTTP trace receiver on loopback, as a collector's intake: it accepts every export, and keeps the spans
/// when asked to (a benchmark only counts the exports, so that reading them costs its cores nothing).
/// </summary>
public sealed class OtlpReceiver : IAsyncDisposable
{
    private readonly WebApplication _app;
    private readonly ConcurrentQueue<ExportedSpan> _spans = new();
    private long _exports;

    private OtlpReceiver(WebApplication app) => _app = app;

    /// <summary>Export requests received so far.</summary>
    public long Exports => Interlocked.Read(ref _exports);

    public Uri Address => new(_app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First());

    public IReadOnlyList<ExportedSpan> Spans => [.. _spans];

    public static async Task<OtlpReceiver> StartAsync(bool keepSpans = true)
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        var app = builder.Build();
        var receiver = new OtlpReceiver(app);
        app.MapPost("/v1/traces", async (HttpContext context) =>
        {
            using var body = new MemoryStream();
            await context.Request.Body.CopyToAsync(body);
            Interlocked.Increment(ref receiver._exports);
            foreach (var span in keepSpans ? OtlpTraceRequest.Spans(body.ToArray()) : [])
            {
                receiver._spans.Enqueue(span);
            }

            // An empty ExportTraceServiceResponse: everything accepted.
            return Results.Bytes([], "application/x-protobuf");
        });
        await app.StartAsync();
        return receiver;
    }

    public async ValueTask DisposeAsync() => await _app.DisposeAsync();
}
