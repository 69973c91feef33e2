using MassTransit;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db.Identity;
using Prison.Domain;
using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Web.Tests;

/// <summary>
/// The product as a prison runs it: web and worker as separate hosts over RabbitMQ (a queue prefix of their own)
/// and a migrated PostgreSQL database, sharing one clock that stands still so that "today" cannot change under a
/// test. Seeded through the aggregate with two prisons and prisoners whose verdicts are known in advance:
/// at P1, twelve current arrivals one day apart (A101 newest … A112 oldest) and one released prisoner.
/// </summary>
public sealed class ProductionFixture : IAsyncLifetime, IAsyncDisposable
{
    public const string FirstPrison = "P1";
    public const string SecondPrison = "P2";

    /// <summary>Convicted, with nothing on the record: Not dangerous.</summary>
    public const string HarmlessNumber = "A101";

    /// <summary>A weapon was found ten days ago: Dangerous.</summary>
    public const string ArmedNumber = "A102";

    /// <summary>Saved after the others and never published: Unknown.</summary>
    public const string UnevaluatedNumber = "A104";

    /// <summary>On remand: Dangerous (not convicted).</summary>
    public const string RemandNumber = "A105";

    /// <summary>The oldest current arrival at P1, armed too: dangerous, but outside the ten latest arrivals.</summary>
    public const string ArmedLongAgoNumber = "A112";

    /// <summary>Held at P1 once, released since: on no dashboard.</summary>
    public const string ReleasedNumber = "A113";

    /// <summary>The Staff user <see cref="Client"/> is signed in as: the name the audit log and struck entries show.</summary>
    /// <summary>Not dangerous, with a court hearing twenty days ahead: Dangerous in six days, when it enters its fourteen ("Coming up").</summary>
    public const string ComingUpNumber = "A110";

    public const string StaffName = "staff-p1";

    public static readonly IReadOnlyList<string> ArrivalsNewestFirst = [.. Enumerable.Range(101, 12).Select(n => $"A{n}")];

    public static readonly IReadOnlyList<string> DangerousAtFirstPrison = [ArmedNumber, RemandNumber, ArmedLongAgoNumber];

    private readonly Dictionary<string, Guid> _ids = [];

    private bool _workerWanted = true;

    public ScratchDatabase Database { get; private set; } = null!;

    public MovableClock Clock { get; } = new(DateTimeOffset.UtcNow);

    public string QueuePrefix { get; } = ServerArguments.NewQueuePrefix();

    public RunningWeb Web { get; private set; } = null!;

    /// <summary>Null while the worker is down.</summary>
    public RunningWorker? Worker { get; private set; }

    /// <summary>A client of web signed in as a Staff user: keeps its cookies and does not follow redirects.</summary>
    public HttpClient Client { get; private set; } = null!;

    /// <summary>The same, signed in as an Operator (the operations page and the run progress).</summary>
    public HttpClient OperatorClient { get; private set; } = null!;

    public IReadOnlyDictionary<string, Guid> Ids => _ids;

    /// <summary>Today in the prison's calendar, as web sees it.</summary>
    public DateOnly Today => Web.Services.GetRequiredService<PrisonCalendar>().Today(Clock.GetUtcNow().UtcDateTime);

    /// <summary>
    /// Starts everything and seeds. With <paramref name="workerRunning"/> false the worker is stopped once the seed
    /// is evaluated: its queue stays declared on the broker, as after any earlier run, and collects what web publishes.
    /// </summary>
    public static async Task<ProductionFixture> StartAsync(bool workerRunning = true)
    {
        var fixture = new ProductionFixture { _workerWanted = workerRunning };
        await fixture.InitializeAsync();
        return fixture;
    }

    public async Task InitializeAsync()
    {
        try
        {
            Database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
            var web = RunningWeb.StartAsync(Database, QueuePrefix, Clock);
            var worker = RunningWorker.StartAsync(Database, QueuePrefix, Clock);
            try
            {
                await Task.WhenAll(web, worker);
            }
            finally
            {
                // Kept even when the other host failed, so that disposing stops it.
                Web = web.IsCompletedSuccessfully ? web.Result : null!;
                Worker = worker.IsCompletedSuccessfully ? worker.Result : null;
            }

            await Web.Services.CreateUserAsync(StaffName, [Roles.Staff]);
            Client = await Web.ClientSignedInAsAsync(StaffName);
            OperatorClient = await Web.SignedInClientAsync(Roles.Operator);
            await ReadyAsync(Web.Address);
            await ReadyAsync(worker.Result.Address);
            await SeedAsync();
            if (!_workerWanted)
            {
                await StopWorkerAsync();
            }
        }
        catch
        {
            // Whoever started this fixture gets the exception, not a fixture to dispose: leave no database or host behind.
            await DisposeAsync();
            throw;
        }
    }

    public async Task StartWorkerAsync()
    {
        Worker ??= await RunningWorker.StartAsync(Database, QueuePrefix, Clock);
        await ReadyAsync(Worker.Address);
    }

    public async Task StopWorkerAsync()
    {
        if (Worker is { } worker)
        {
            Worker = null;
            await worker.DisposeAsync();
        }
    }

    public async Task<string[]> StoredAsync(string number) =>
        (await Database.RowsAsync($"SELECT danger_status, danger_reasons, change_version FROM prisoner WHERE number = '{number}'")).Single();

    public async Task<long> NoticeCountAsync(string number) =>
        await Database.ScalarAsync<long>($"SELECT count(*) FROM disciplinary_notice n JOIN prisoner p ON p.id = n.prisoner_id WHERE p.number = '{number}'");

    public async ValueTask DisposeAsync()
    {
        Client?.Dispose();
        OperatorClient?.Dispose();
        await StopWorkerAsync();
        if (Web is { } web)
        {
            Web = null!;
            await web.DisposeAsync();
        }

        if (Database is { } database)
        {
            Database = null!;
            await database.DisposeAsync();
        }
    }

    Task IAsyncLifetime.DisposeAsync() => DisposeAsync().AsTask();

    /// <summary>
    /// Waits as an orchestrator would for a host to say it is ready: a host's start returns before its bus has
    /// declared and bound its queues, and a message published before then never reaches them.
    /// </summary>
    private static async Task ReadyAsync(Uri host)
    {
        using var client = new HttpClient { BaseAddress = host };
        await Eventually.Async(
            async () =>
            {
                using var response = await client.GetAsync("/health/ready");
                return $"{(int)response.StatusCode} {await response.Content.ReadAsStringAsync()}";
            },
            answer => answer.StartsWith("200 {\"status\":\"Healthy\"", StringComparison.Ordinal),
            $"{host} to be ready",
            TimeSpan.FromSeconds(20));
    }

    private async Task SeedAsync()
    {
        var today = Today;
        var prisoners = ArrivalsNewestFirst
            .Where(number => number != UnevaluatedNumber)
            .Select(number => Records.Harmless(number, 1, today.AddDays(-(int.Parse(number[1..], System.Globalization.CultureInfo.InvariantCulture) - 100))))
            .ToDictionary(p => p.Number);
        prisoners[ArmedNumber].RecordDisciplinaryNotice(today.AddDays(-10), NoticeType.Weapon, "a sharpened spoon under the mattress");
        prisoners[ArmedLongAgoNumber].RecordDisciplinaryNotice(today.AddDays(-20), NoticeType.Weapon, "a blade in a shoe");
        prisoners[RemandNumber].ChangeLegalStatus(LegalStatus.Remand);
        prisoners[ComingUpNumber].ScheduleCourtHearing(today.AddDays(20), "Bronx Criminal Court");

        var released = Records.Harmless(ReleasedNumber, 1, today.AddDays(-60));
        released.Release(today.AddDays(-30));
        var elsewhere = Records.Harmless("B201", 2, today);
        var armedElsewhere = Records.Harmless("B202", 2, today.AddDays(-1));
        armedElsewhere.RecordDisciplinaryNotice(today.AddDays(-3), NoticeType.Weapon, "a shank");

        await using (var db = Database.Open(Clock))
        {
            db.Prisons.AddRange(Records.Prison(1), Records.Prison(2));
            db.Prisoners.AddRange([.. prisoners.Values, released, elsewhere, armedElsewhere]);
            var changes = await db.SaveRecordChangesAsync();
            await Web.Services.GetRequiredService<IBus>().PublishBatch(changes);
        }

        await Eventually.Async(
            () => Database.ScalarAsync<long>("SELECT count(*) FROM prisoner WHERE danger_status = 'Unknown'"),
            unknown => unknown == 0,
            "the worker's verdicts on the seeded prisoners",
            TimeSpan.FromSeconds(30));

        // Saved as web saves, but never published: it stays Unknown (the clock stands still, so the sweeper leaves it alone).
        await using (var db = Database.Open(Clock))
        {
            db.Prisoners.Add(Records.Harmless(UnevaluatedNumber, 1, today.AddDays(-4)));
            await db.SaveRecordChangesAsync();
        }

        foreach (var row in await Database.RowsAsync("SELECT number, id FROM prisoner"))
        {
            _ids[row[0]] = Guid.Parse(row[1]);
        }
    }
}
