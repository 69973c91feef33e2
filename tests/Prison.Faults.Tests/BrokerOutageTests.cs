using System.Diagnostics;
using System.Globalization;
using System.Net;
using MassTransit;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db.Identity;
using Xunit.Abstractions;

namespace Prison.Faults.Tests;

/// <summary>
/// While RabbitMQ is down staff keep working; once it is back, web publishes again what it could not, and the sweeper
/// catches anything else.
/// </summary>
[Collection(nameof(BrokerOutages))]
public sealed class BrokerOutageTests(ITestOutputHelper output, OutageBroker node)
{
    private const int PrisonerCount = 50;
    private const int NoticesEach = 20;

    /// <summary>The sweeper's threshold in this test, its one-minute period, and slack for two processes to reconnect.</summary>
    private static readonly TimeSpan Recovery = TimeSpan.FromSeconds(150);

    [Fact]
    public async Task Changes_made_through_web_while_RabbitMQ_is_stopped_are_saved_at_once_and_all_evaluated_after_it_comes_back()
    {
        var broker = await node.StartedAsync();
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        var configuration = ServerArguments.For(database, broker.Address, ServerArguments.NewQueuePrefix(), "--Jobs:UnknownThreshold=00:00:05");
        await using var web = await RunningWeb.StartAsync([.. configuration, RunningWeb.InsecureCookies]);
        await using var workers = await WorkerServices.StartAsync(1, configuration);
        var numbers = await SeedAsync(database, web);
        using var client = await web.SignedInClientAsync(Roles.Staff);

        await broker.StopAsync();
        var (_, token) = await NoticePosting.OpenAsync(client, numbers[0]);
        var date = DateTime.UtcNow.AddDays(-2).ToString("yyyy-MM-dd", CultureInfo.InvariantCulture);
        var posting = Stopwatch.StartNew();
        // Each prisoner's notices one after another (two at once on one record would be refused as a conflict), prisoners side by side.
        var answers = await Task.WhenAll(numbers.Select(async number =>
        {
            var statuses = new List<HttpStatusCode>();
            for (var n = 0; n < NoticesEach; n++)
            {
                using var response = await NoticePosting.PostAsync(client, number, token, n % 5 == 0 ? "Weapon" : "Other", date, $"notice {n} during the outage");
                statuses.Add(response.StatusCode);
            }

            return statuses;
        }));
        posting.Stop();
        var unknownDuringOutage = await UnknownAsync(database);
        var notices = await database.ScalarAsync<long>("SELECT count(*) FROM disciplinary_notice");

        await broker.StartAgainAsync();
        var back = Stopwatch.StartNew();
        await Eventually.Async(() => UnknownAsync(database), unknown => unknown == 0, "every prisoner known after the broker came back", Recovery);
        back.Stop();
        output.WriteLine($"{PrisonerCount * NoticesEach} notices posted in {posting.Elapsed} while the broker was down; all known {back.Elapsed} after it was back.");
        // Web's own bus is back too, not only the worker's: once its health says so, its publisher has stopped resting
        // and a change made now is published by web and evaluated long before the sweeper's next minute could matter.
        using var health = new HttpClient();
        await Eventually.Async(() => BusHealthTests.BusStatusAsync(health, web.Address), status => status == "Healthy", "web's bus back", TimeSpan.FromSeconds(60));
        using (var after = await NoticePosting.PostAsync(client, numbers[0], token, "Weapon", date, "a notice after the outage"))
        {
            Assert.Equal(HttpStatusCode.Redirect, after.StatusCode);
        }

        await Eventually.Async(() => UnknownAsync(database), unknown => unknown == 0, "the notice made after the outage evaluated", TimeSpan.FromSeconds(20));
        var verify = await WorkerProcess.RunAsync(["verify", .. configuration[1..]]);

        Assert.All(answers.SelectMany(a => a), status => Assert.Equal(HttpStatusCode.Redirect, status));
        Assert.True(posting.Elapsed < TimeSpan.FromSeconds(30), $"{PrisonerCount * NoticesEach} notices took {posting.Elapsed} while the broker was down");
        Assert.Equal(PrisonerCount * NoticesEach, notices);
        Assert.Equal(PrisonerCount, unknownDuringOutage);
        Assert.True(verify.ExitCode == 0, verify.Output);
        Assert.Contains($"Checked {PrisonerCount} prisoners: 0 stored flag(s) differ from the rules, 0 prisoner(s) Unknown", verify.Output);
    }

    [Fact]
    public async Task A_change_recorded_while_RabbitMQ_is_stopped_is_evaluated_soon_after_it_is_back_without_the_sweeper()
    {
        var broker = await node.StartedAsync();
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        // A threshold the test never reaches: whatever is evaluated after the outage was published on the broker's return.
        var configuration = ServerArguments.For(database, broker.Address, ServerArguments.NewQueuePrefix(), "--Jobs:UnknownThreshold=00:30:00");
        await using var web = await RunningWeb.StartAsync([.. configuration, RunningWeb.InsecureCookies]);
        await using var workers = await WorkerServices.StartAsync(1, configuration);
        var numbers = await SeedAsync(database, web);
        using var client = await web.SignedInClientAsync(Roles.Staff);
        var (_, token) = await NoticePosting.OpenAsync(client, numbers[0]);
        var date = DateTime.UtcNow.AddDays(-2).ToString("yyyy-MM-dd", CultureInfo.InvariantCulture);

        await broker.StopAsync();
        // The first change fails to publish; the next ones, while publishing rests, are not even tried.
        var answers = new List<HttpStatusCode>();
        foreach (var number in numbers.Take(3))
        {
            using var response = await NoticePosting.PostAsync(client, number, token, "Weapon", date, "a notice during the outage");
            answers.Add(response.StatusCode);
        }

        var unknownDuringOutage = await UnknownAsync(database);
        await Task.Delay(TimeSpan.FromSeconds(5));
        var unknownLater = await UnknownAsync(database);

        await broker.StartAgainAsync();
        var back = Stopwatch.StartNew();
        await Eventually.Async(() => UnknownAsync(database), unknown => unknown == 0, "the changes made during the outage evaluated", TimeSpan.FromMinutes(2));
        back.Stop();
        output.WriteLine($"Evaluated {back.Elapsed} after the broker was back.");

        Assert.All(answers, status => Assert.Equal(HttpStatusCode.Redirect, status));
        Assert.Equal(3, unknownDuringOutage);
        Assert.Equal(3, unknownLater);
        // MassTransit tries to reconnect every 3 to 30 s; the sweeper would have waited half an hour.
        Assert.True(back.Elapsed < TimeSpan.FromSeconds(45), $"evaluated {back.Elapsed} after the broker was back");
    }

    /// <summary>Prisoners evaluated while the broker is up, which also shows web and worker were connected before the outage.</summary>
    private static async Task<IReadOnlyList<string>> SeedAsync(ScratchDatabase database, RunningWeb web)
    {
        var today = DateOnly.FromDateTime(DateTime.UtcNow).AddDays(-2);
        await using (var db = database.Open())
        {
            db.Prisons.Add(Records.Prison());
            db.Prisoners.AddRange(Enumerable.Range(1, PrisonerCount).Select(n => Records.Harmless($"O{n:00}", 1, today.AddDays(-n))));
            await web.Services.GetRequiredService<IBus>().PublishBatch(await db.SaveRecordChangesAsync());
        }

        await Eventually.Async(() => UnknownAsync(database), unknown => unknown == 0, "the seeded prisoners evaluated", TimeSpan.FromSeconds(30));
        return [.. Enumerable.Range(1, PrisonerCount).Select(n => $"O{n:00}")];
    }

    private static Task<long> UnknownAsync(ScratchDatabase database) =>
        database.ScalarAsync<long>("SELECT count(*) FROM prisoner WHERE danger_status = 'Unknown'");
}
