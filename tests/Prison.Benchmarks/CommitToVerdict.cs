using System.Collections.Concurrent;
using System.Diagnostics;
using MassTransit;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging.Abstractions;
using Prison.Db;
using Prison.Db.Demo;
using Prison.Db.Reads;
using Prison.Domain.Messages;
using Prison.Domain.Record;
using Prison.Testing;
using Prison.Web.Hosting;
using Prison.Worker.Messaging;

namespace Prison.Benchmarks;

/// <summary>
/// Makes changes one after another the way the prisoner page does (load, change through the aggregate, commit,
/// publish) and times each from the commit to the moment the worker has stored its verdict.
/// </summary>
public static class CommitToVerdict
{
    public static async Task<int> RunAsync(string mode, int changes, CancellationToken cancellationToken)
    {
        var folder = Directory.CreateTempSubdirectory("prison-bench-");
        await using var database = mode == "production" ? await ScratchDatabase.MigratedAsync(Engine.PostgreSql) : null;
        var prefix = ServerArguments.NewQueuePrefix();
        string[] args = database is null
            ? ["--urls=http://127.0.0.1:0", $"--Prison:DataFolder={folder.FullName}", "--Logging:LogLevel:Default=Warning"]
            : ServerArguments.For(database, prefix, "--Logging:LogLevel:Default=Warning");
        await using var web = await WebApp.BuildAsync(args, cancellationToken: cancellationToken);
        IReadOnlyList<PrisonerChanged> seeded = [];
        if (database is not null)
        {
            await using var seed = web.Services.CreateAsyncScope();
            seeded = await seed.ServiceProvider.GetRequiredService<PrisonDb>().SeedDemoAsync(new DateOnly(2026, 11, 20), cancellationToken);
        }

        await web.StartAsync(cancellationToken);
        await using var worker = database is null ? null : await RunningWorker.StartAsync(database, prefix, null, "--Logging:LogLevel:Default=Warning");
        var workerServices = worker?.Services ?? web.Services;
        var received = new ConcurrentDictionary<PrisonerChanged, long>();
        var stored = new ConcurrentDictionary<PrisonerChanged, long>();
        workerServices.GetRequiredService<IBus>().ConnectConsumeMessageObserver(new StoredObserver(received, stored));
        await web.Services.GetRequiredService<IBus>().PublishBatch(seeded, cancellationToken);

        List<string> numbers;
        await using (var scope = web.Services.CreateAsyncScope())
        {
            var db = scope.ServiceProvider.GetRequiredService<PrisonDb>();
            numbers = [.. db.Prisoners.OrderBy(p => p.Number).Select(p => p.Number).Take(changes)];
            await Eventually.Async(() => Task.FromResult(db.Prisoners.Count(p => p.DangerStatus == Domain.DangerStatus.Unknown)), n => n == 0, "the demo data to be evaluated", TimeSpan.FromMinutes(2));
        }

        var latencies = new List<double>();
        var delivery = new List<double>();
        for (var i = 0; i < changes; i++)
        {
            await using var scope = web.Services.CreateAsyncScope();
            var db = scope.ServiceProvider.GetRequiredService<PrisonDb>();
            var prisoner = (await db.LoadForChangeAsync(numbers[i % numbers.Count], cancellationToken))!;
            prisoner.RecordDisciplinaryNotice(new DateOnly(2026, 11, 1), NoticeType.Other, $"benchmark change {i}");
            var committed = await db.SaveRecordChangesAsync(cancellationToken);
            var at = Stopwatch.GetTimestamp();
            await scope.ServiceProvider.GetRequiredService<ChangePublisher>().PublishAsync(committed, cancellationToken);
            var change = committed.Single();
            var done = await Eventually.Async(() => Task.FromResult(stored.GetValueOrDefault(change)), t => t != 0, $"the verdict of {change}", TimeSpan.FromSeconds(30));
            latencies.Add(Stopwatch.GetElapsedTime(at, done).TotalMilliseconds);
            delivery.Add(Stopwatch.GetElapsedTime(at, received[change]).TotalMilliseconds);
        }

        await web.StopAsync(cancellationToken);
        folder.Delete(recursive: true);
        Console.WriteLine($"commit-to-verdict, {mode} mode ({Environment.ProcessorCount} cores): {Percentiles.Describe(latencies)}");
        Console.WriteLine($"  of which commit-to-delivery (publish, broker, consumer start): {Percentiles.Describe(delivery)}");
        return 0;
    }

    private sealed class StoredObserver(ConcurrentDictionary<PrisonerChanged, long> received, ConcurrentDictionary<PrisonerChanged, long> stored) : IConsumeMessageObserver<PrisonerChanged>
    {
        public Task PreConsume(ConsumeContext<PrisonerChanged> context)
        {
            received.TryAdd(context.Message, Stopwatch.GetTimestamp());
            return Task.CompletedTask;
        }

        public Task PostConsume(ConsumeContext<PrisonerChanged> context)
        {
            stored.TryAdd(context.Message, Stopwatch.GetTimestamp());
            return Task.CompletedTask;
        }

        public Task ConsumeFault(ConsumeContext<PrisonerChanged> context, Exception exception) => Task.CompletedTask;
    }
}
