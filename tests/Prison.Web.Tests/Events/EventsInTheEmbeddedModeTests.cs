using System.Text.Json;
using Microsoft.Data.Sqlite;
using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Prison.Db;
using Prison.Db.Events;
using Prison.Db.Reads;
using Prison.Domain;
using Prison.Domain.Evaluation;
using Prison.Domain.Record;
using Prison.Runtime.Messaging;
using Prison.Web.Events;

namespace Prison.Web.Tests.Events;

/// <summary>
/// In the embedded mode (SQLite, the in-memory bus) the events still go out, to the log; and every event, of every
/// kind, is what web's AsyncAPI document says, as the AsyncAPI initiative's parser and Ajv read it.
/// </summary>
public sealed class EventsInTheEmbeddedModeTests : IDisposable
{
    private readonly string _folder = Path.Combine(Path.GetTempPath(), $"prison-embedded-{Guid.NewGuid():N}");

    [Fact]
    public async Task Every_kind_of_event_reaches_the_log_and_is_described_by_the_valid_AsyncAPI_document_web_serves()
    {
        var captured = new CapturedEvents();
        await EmbeddedDataFolder.HoldingAPrisonAsync(_folder);
        await using var web = await RunningWeb.StartAsync(
            ["--urls=http://127.0.0.1:0", $"--Prison:DataFolder={_folder}"], services: services => services.AddSingleton<ILoggerProvider>(captured));
        using var anonymous = web.CreateClient();
        using var answer = await anonymous.GetAsync(AsyncApiDocument.Path);
        var document = await answer.Content.ReadAsStringAsync();

        // A prisoner received, evaluated, found with a failed drug test, transferred, released, received again, that
        // arrival struck out; another transferred and the transfer struck out (its leaving reopened).
        var today = web.Services.GetRequiredService<PrisonCalendar>().Today(DateTime.UtcNow);
        var (first, second) = (await ChangeAsync(web, db => Add(db, "EVT1", today)), await ChangeAsync(web, db => Add(db, "EVT2", today)));
        await ChangeAsync(web, async db => (await db.LoadPrisonerAsync("EVT1", Tracking.Tracked))!.RecordDrugTest(today.AddDays(-1), DrugTestResult.Failed));
        await ChangeAsync(web, async db => (await db.LoadPrisonerAsync("EVT1", Tracking.Tracked))!.Transfer(second, today, forDisciplinaryReasons: false));
        await ChangeAsync(web, async db => (await db.LoadPrisonerAsync("EVT1", Tracking.Tracked))!.Release(today));
        await ChangeAsync(web, async db => (await db.LoadPrisonerAsync("EVT1", Tracking.Tracked))!.Admit(first, today));
        await ChangeAsync(web, async db =>
        {
            var prisoner = (await db.LoadPrisonerAsync("EVT1", Tracking.Tracked))!;
            prisoner.StrikeOut(prisoner.CurrentStay!.Id, new Strike(DateTime.UtcNow, "test", "made in error"));
        });
        await ChangeAsync(web, async db => (await db.LoadPrisonerAsync("EVT2", Tracking.Tracked))!.Transfer(second, today, forDisciplinaryReasons: true));
        await ChangeAsync(web, async db =>
        {
            var prisoner = (await db.LoadPrisonerAsync("EVT2", Tracking.Tracked))!;
            prisoner.StrikeOut(prisoner.CurrentStay!.Id, new Strike(DateTime.UtcNow, "test", "made in error"));
        });
        var events = await Eventually.Async(
            () => Task.FromResult(captured.Lines.Select(Parse).ToList()),
            logged => PrisonEventKinds.All.All(kind => logged.Any(e => e.Type == $"prison.{kind}" && e.Subject.StartsWith("EVT", StringComparison.Ordinal))),
            "an event of every kind in the log", TimeSpan.FromSeconds(30));

        var check = await CheckAsync(document, events.Select(e => e.Event));
        Assert.Equal(System.Net.HttpStatusCode.OK, answer.StatusCode);
        Assert.Empty(check.GetProperty("diagnostics").EnumerateArray().Where(d => d.GetProperty("severity").GetInt32() <= 1).Select(d => d.ToString()));
        Assert.Equal(PrisonEventKinds.All.Order(), check.GetProperty("messages").EnumerateArray().Select(m => m.GetString()!).Order());
        Assert.Equal(events.Count, check.GetProperty("events").GetArrayLength());
        Assert.Empty(check.GetProperty("events").EnumerateArray().Where(e => e.GetProperty("errors").GetArrayLength() > 0).Select(e => e.ToString()));
        Assert.All(events, e => Assert.Equal(e.RoutingKey, $"{e.Type["prison.".Length..]}.{PrisonOf(e.Event)}"));
        Assert.Equal(
            ["stay.arrived", "stay.departed", "stay.transferred", "stay.released", "stay.arrived", "stay.struck"],
            Kinds(events, "EVT1").Where(k => k.StartsWith("stay.", StringComparison.Ordinal)));
        Assert.Equal(["verdict.changed", "verdict.cleared", "verdict.changed"], Kinds(events, "EVT1").Where(k => k.StartsWith("verdict.", StringComparison.Ordinal)).Take(3));
        Assert.Contains(events, e => e.Subject == "EVT1" && e.Type == "prison.verdict.changed" && e.Event.GetProperty("data").GetProperty("status").GetString() == "Dangerous");
        Assert.Equal(["stay.arrived", "stay.departed", "stay.transferred", "stay.struck", "stay.reopened"], Kinds(events, "EVT2").Where(k => k.StartsWith("stay.", StringComparison.Ordinal)));
    }

    private static IEnumerable<string> Kinds(IEnumerable<(string RoutingKey, string Type, string Subject, JsonElement Event)> events, string number) =>
        events.Where(e => e.Subject == number).Select(e => e.Type["prison.".Length..]);

    public void Dispose()
    {
        SqliteConnection.ClearAllPools();
        if (Directory.Exists(_folder))
        {
            Directory.Delete(_folder, recursive: true);
        }
    }

    private static async Task<int> Add(PrisonDb db, string number, DateOnly today)
    {
        var prison = await db.Prisons.OrderBy(p => p.Id).FirstAsync();
        db.Prisoners.Add(Records.Harmless(number, prison.Id, today.AddDays(-40)));
        return prison.Id;
    }

    /// <summary>A change saved and published as a page does, then its verdict awaited.</summary>
    private static async Task<T> ChangeAsync<T>(RunningWeb web, Func<PrisonDb, Task<T>> change)
    {
        T result;
        IReadOnlyList<Guid> changed;
        await using (var scope = web.Services.CreateAsyncScope())
        {
            var db = scope.ServiceProvider.GetRequiredService<PrisonDb>();
            result = await change(db);
            var saved = await db.SaveRecordChangesAsync();
            changed = [.. saved.Select(s => s.PrisonerId)];
            await scope.ServiceProvider.GetRequiredService<ChangePublisher>().PublishAsync(saved, CancellationToken.None);
        }

        await Eventually.Async(
            async () =>
            {
                await using var scope = web.Services.CreateAsyncScope();
                var db = scope.ServiceProvider.GetRequiredService<PrisonDb>();
                return await db.Prisoners.CountAsync(p => changed.Contains(p.Id) && p.DangerStatus == DangerStatus.Unknown);
            },
            unknown => unknown == 0, "the change evaluated", TimeSpan.FromSeconds(30));
        return result;
    }

    private static Task ChangeAsync(RunningWeb web, Func<PrisonDb, Task> change) =>
        ChangeAsync(web, async db =>
        {
            await change(db);
            return true;
        });

    private static (string RoutingKey, string Type, string Subject, JsonElement Event) Parse(string line)
    {
        var space = line.IndexOf(' ', StringComparison.Ordinal);
        var cloudEvent = JsonDocument.Parse(line[(space + 1)..]).RootElement.Clone();
        return (line[..space], cloudEvent.GetProperty("type").GetString()!, cloudEvent.GetProperty("subject").GetString()!, cloudEvent);
    }

    private static string PrisonOf(JsonElement cloudEvent) =>
        cloudEvent.GetProperty("data").GetProperty("prison") is { ValueKind: JsonValueKind.Object } prison ? prison.GetProperty("code").GetString()! : "none";

    /// <summary>scripts/test-servers.sh installs the parser; node runs the check beside this test.</summary>
    private static async Task<JsonElement> CheckAsync(string document, IEnumerable<JsonElement> events)
    {
        var folder = Directory.CreateTempSubdirectory("asyncapi-check-").FullName;
        try
        {
            var documentPath = Path.Combine(folder, "asyncapi.json");
            var eventsPath = Path.Combine(folder, "events.json");
            await File.WriteAllTextAsync(documentPath, document);
            await File.WriteAllTextAsync(eventsPath, JsonSerializer.Serialize(events));
            var modules = await ExternalProgram.NodeModulesAsync("asyncapi-parser");
            var script = Path.Combine(Repository.Root(), "tests", "Prison.Web.Tests", "Events", "asyncapi-check.cjs");
            return JsonDocument.Parse(await ExternalProgram.OutputOfAsync("node", script, modules, documentPath, eventsPath)).RootElement.Clone();
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }
}
