using System.Diagnostics;
using System.Globalization;
using MassTransit;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db.Identity;

namespace Prison.Faults.Tests;

/// <summary>
/// Traces as a collector receives them over OTLP from web and a worker process: one change followed from the form's
/// POST through the publish and the broker to the verdict's write and its statements.
/// </summary>
public sealed class TraceExportTests
{
    [Fact]
    public async Task A_recorded_notice_is_one_trace_from_the_form_post_through_the_broker_to_the_verdict_write_and_its_statements()
    {
        await using var collector = await OtlpReceiver.StartAsync();
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        var tracing = new[] { $"--OpenTelemetry:Endpoint={collector.Address}", "--OpenTelemetry:Protocol=http/protobuf" };
        var configuration = ServerArguments.For(database, ServerArguments.NewQueuePrefix());
        await using var web = await RunningWeb.StartAsync([.. configuration, RunningWeb.InsecureCookies, .. tracing]);
        await using var workers = await WorkerServices.StartAsync(1, [.. configuration, .. tracing]);
        var today = DateOnly.FromDateTime(DateTime.UtcNow).AddDays(-1);
        await using (var db = database.Open())
        {
            db.Prisons.Add(Records.Prison());
            db.Prisoners.Add(Records.Harmless("T001", 1, today.AddDays(-30)));
            await web.Services.GetRequiredService<IBus>().PublishBatch(await db.SaveRecordChangesAsync());
        }

        await Eventually.Async(
            () => database.ScalarAsync<long>("SELECT count(*) FROM prisoner WHERE danger_status = 'Unknown'"), unknown => unknown == 0, "the seeded prisoner evaluated");
        using var client = await web.SignedInClientAsync(Roles.Staff);
        var (_, token) = await NoticePosting.OpenAsync(client, "T001");

        // The trace the POST is in, chosen here as an upstream proxy would: ASP.NET Core continues a W3C traceparent.
        var traceId = ActivityTraceId.CreateRandom();
        client.DefaultRequestHeaders.Add("traceparent", $"00-{traceId}-{ActivitySpanId.CreateRandom()}-01");
        using var posted = await NoticePosting.PostAsync(
            client, "T001", token, "AssaultOnPrisoner", today.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture), "A fight in the yard");
        var trace = await Eventually.Async(
            () => Task.FromResult(collector.Spans.Where(span => span.TraceId == traceId.ToString()).ToList()),
            spans => spans.Any(span => span.Name == "write verdicts") && spans.Any(span => span.Service == "prison-web" && span.ParentSpanId is not null),
            "the change's trace exported by web and the worker",
            TimeSpan.FromSeconds(60));

        var webSpans = trace.Where(span => span.Service == "prison-web").ToList();
        var workerSpans = trace.Where(span => span.Service == "prison-worker").ToList();
        var description = string.Join("\n", trace);
        Assert.True(webSpans.Any(span => span.Name.StartsWith("POST", StringComparison.Ordinal)), description);
        var publish = Assert.Single(webSpans, span => span.Name.EndsWith("PrisonerChanged send", StringComparison.Ordinal));
        Assert.True(webSpans.Any(span => Statement(span).Contains("INSERT INTO disciplinary_notice", StringComparison.OrdinalIgnoreCase)), description);

        // Worker: received over RabbitMQ, evaluated, the verdict written by its statement, under the same trace.
        var evaluation = Assert.Single(workerSpans, span => span.Name == "evaluate prisoner changes");
        var write = Assert.Single(workerSpans, span => span.Name == "write verdicts");
        Assert.Equal(evaluation.SpanId, write.ParentSpanId);
        Assert.Contains(workerSpans, span => span.ParentSpanId == write.SpanId && Statement(span).Contains("UPDATE prisoner", StringComparison.OrdinalIgnoreCase));
        Assert.Contains(workerSpans, span => span.ParentSpanId == evaluation.SpanId && Statement(span).StartsWith("SELECT", StringComparison.OrdinalIgnoreCase));
        Assert.Contains(traceId.ToString(), evaluation.LinkedTraceIds);
        Assert.Contains(workerSpans, span => span.ParentSpanId == publish.SpanId && span.Name.EndsWith("prisoner-changed receive", StringComparison.Ordinal));
    }

    private static string Statement(ExportedSpan span) =>
        (span.Attributes.GetValueOrDefault("db.query.text") ?? span.Attributes.GetValueOrDefault("db.statement") ?? "").TrimStart();
}
