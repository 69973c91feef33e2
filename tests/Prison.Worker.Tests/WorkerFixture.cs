using MassTransit;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db;
using Prison.Domain;
using Prison.Domain.Evaluation;
using Prison.Domain.Messages;

namespace Prison.Worker.Tests;

/// <summary>A migrated PostgreSQL database, a queue prefix of its own and a worker on RabbitMQ, for one test.</summary>
internal sealed class WorkerFixture : IAsyncDisposable
{
    private WorkerFixture(ScratchDatabase database, RunningWorker worker, ShiftedClock clock, string queuePrefix)
    {
        Database = database;
        Worker = worker;
        Clock = clock;
        QueuePrefix = queuePrefix;
        Worker.Services.GetRequiredService<IBus>().ConnectConsumeMessageObserver(Consumed);
    }

    public ScratchDatabase Database { get; }

    public RunningWorker Worker { get; }

    public ShiftedClock Clock { get; }

    public string QueuePrefix { get; }

    public ConsumedMessages<PrisonerChanged> Consumed { get; } = new();

    public DateOnly Today => Worker.Services.GetRequiredService<PrisonCalendar>().Today(Clock.GetUtcNow().UtcDateTime);

    public static async Task<WorkerFixture> StartAsync(params string[] more)
    {
        var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        // Real time that a test may move on: Hangfire schedules and fires by real time, which a stopped clock would
        // never reach, while the jobs read this clock to see what is due.
        var clock = new ShiftedClock();
        var prefix = ServerArguments.NewQueuePrefix();
        var worker = await RunningWorker.StartAsync(database, prefix, clock, more);
        return new WorkerFixture(database, worker, clock, prefix);
    }

    public PrisonDb Open() => Database.Open(Clock);

    /// <summary>Saves prisoners as web does, without publishing: the test decides what the worker is told.</summary>
    public async Task<IReadOnlyList<PrisonerChanged>> SaveAsync(params Prisoner[] prisoners)
    {
        await using var db = Open();
        if (!db.Prisons.Any())
        {
            db.Prisons.Add(Records.Prison());
        }

        db.Prisoners.AddRange(prisoners);
        return await db.SaveRecordChangesAsync();
    }

    public async Task PublishAsync(params PrisonerChanged[] changes)
    {
        var publisher = Worker.Services.GetRequiredService<IBus>();
        foreach (var change in changes)
        {
            await publisher.Publish(change);
        }
    }

    public async Task<string[]> StoredAsync(Guid prisonerId) =>
        (await Database.RowsAsync($"SELECT danger_status, danger_reasons, evaluated_at, change_version FROM prisoner WHERE id = '{prisonerId}'")).Single();

    public Task<string[]> KnownAsync(Guid prisonerId) =>
        Eventually.Async(() => StoredAsync(prisonerId), row => row[0] != "Unknown", $"a verdict for {prisonerId}");

    public async ValueTask DisposeAsync()
    {
        await Worker.DisposeAsync();
        await Database.DisposeAsync();
    }
}
