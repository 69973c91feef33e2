using System.Globalization;
using System.Net;
using MassTransit;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db.Identity;
using Prison.Domain.Record;

namespace Prison.Faults.Tests;

/// <summary>
/// The promise as staff live it: notices recorded back to back on the prisoner page while a worker process stores
/// verdicts, then every flag checked against the rules by <c>verify</c>. A change saved over the verdict of its
/// previous version once left that verdict standing (not Unknown, never evaluated again): 4 of 120 prisoners.
/// </summary>
public sealed class VerdictInvariantTests
{
    private const int PrisonerCount = 120;
    private const int NoticesEach = 3;
    private const int Rounds = 5;

    [Fact]
    public async Task Notices_posted_back_to_back_racing_a_worker_process_leave_every_flag_true_once_the_worker_is_idle()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        var configuration = ServerArguments.For(database, ServerArguments.NewQueuePrefix());
        await using var web = await RunningWeb.StartAsync([.. configuration, RunningWeb.InsecureCookies]);
        await using var workers = await WorkerServices.StartAsync(1, configuration);
        var today = DateOnly.FromDateTime(DateTime.UtcNow).AddDays(-1);
        await using (var db = database.Open())
        {
            db.Prisons.Add(Records.Prison());
            db.Prisoners.AddRange(Enumerable.Range(1, PrisonerCount).Select(n => Records.Harmless($"R{n:000}", 1, today.AddDays(-n))));
            await web.Services.GetRequiredService<IBus>().PublishBatch(await db.SaveRecordChangesAsync());
        }

        await Eventually.Async(() => UnknownAsync(database), unknown => unknown == 0, "the seeded prisoners evaluated", TimeSpan.FromSeconds(60));
        using var client = await web.SignedInClientAsync(Roles.Staff);
        var (_, token) = await NoticePosting.OpenAsync(client, "R001");

        // Each round, every prisoner's notices one after another (two at once on one record would be refused as a
        // conflict), the prisoners side by side. Each of a record's first eight versions adds a notice of another kind,
        // so each has its own verdict; after those, only the versions tell a stale verdict from a current one.
        var answers = new List<HttpStatusCode>();
        for (var round = 0; round < Rounds; round++)
        {
            var roundAnswers = await Task.WhenAll(Enumerable.Range(1, PrisonerCount).Select(async n =>
            {
                var statuses = new List<HttpStatusCode>();
                for (var notice = 0; notice < NoticesEach; notice++)
                {
                    var nth = (round * NoticesEach) + notice;
                    var date = today.AddDays(-nth).ToString("yyyy-MM-dd", CultureInfo.InvariantCulture);
                    var type = Enum.GetName((NoticeType)(nth % Enum.GetValues<NoticeType>().Length))!;
                    using var response = await NoticePosting.PostAsync(client, $"R{n:000}", token, type, date, $"round {round}, notice {notice}");
                    statuses.Add(response.StatusCode);
                }

                return statuses;
            }));
            answers.AddRange(roundAnswers.SelectMany(a => a));
        }

        await Eventually.Async(() => UnknownAsync(database), unknown => unknown == 0, "every change evaluated", TimeSpan.FromSeconds(90));
        var verify = await WorkerProcess.RunAsync(["verify", .. configuration[1..]]);

        Assert.All(answers, status => Assert.Equal(HttpStatusCode.Redirect, status));
        Assert.Equal(PrisonerCount * NoticesEach * Rounds, await database.ScalarAsync<long>("SELECT count(*) FROM disciplinary_notice"));
        Assert.True(verify.ExitCode == 0, verify.Output);
        Assert.Contains($"Checked {PrisonerCount} prisoners: 0 stored flag(s) differ from the rules, 0 prisoner(s) Unknown", verify.Output);
        Assert.Contains("0 verdict(s) older than their prisoner's last change and not Unknown.", verify.Output);
        Assert.Equal(0L, await database.ScalarAsync<long>("SELECT count(*) FROM prisoner WHERE evaluated_version IS DISTINCT FROM change_version"));
    }

    [Fact]
    public async Task Entries_posted_through_the_api_and_retried_at_once_racing_a_worker_process_are_recorded_once_and_leave_every_flag_true()
    {
        const int prisoners = 60;
        const int postsEach = 4;
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        var configuration = ServerArguments.For(database, ServerArguments.NewQueuePrefix());
        await using var web = await RunningWeb.StartAsync([.. configuration, RunningWeb.InsecureCookies]);
        await using var workers = await WorkerServices.StartAsync(1, configuration);
        var today = DateOnly.FromDateTime(DateTime.UtcNow).AddDays(-1);
        await using (var db = database.Open())
        {
            db.Prisons.Add(Records.Prison());
            db.Prisoners.AddRange(Enumerable.Range(1, prisoners).Select(n => Records.Harmless($"Q{n:000}", 1, today.AddDays(-n))));
            await web.Services.GetRequiredService<IBus>().PublishBatch(await db.SaveRecordChangesAsync());
        }

        await Eventually.Async(() => UnknownAsync(database), unknown => unknown == 0, "the seeded prisoners evaluated", TimeSpan.FromSeconds(60));
        using var api = await web.ApiClientAsync([Prison.Db.Api.ApiScopes.RecordsWrite]);

        // Every prisoner's posts one after another, the prisoners side by side, each post sent twice at once with its
        // key (a client retrying while the first is still on its way): both answers say the same, one entry is made.
        var answers = (await Task.WhenAll(Enumerable.Range(1, prisoners).Select(async n =>
        {
            var statuses = new List<HttpStatusCode>();
            for (var post = 0; post < postsEach; post++)
            {
                var key = Guid.NewGuid().ToString();
                var body = post % 2 == 0
                    ? $"{{\"date\":\"{today.AddDays(-post):yyyy-MM-dd}\",\"result\":\"{(post % 4 == 0 ? "Failed" : "Negative")}\"}}"
                    : $"{{\"date\":\"{today.AddDays(-post):yyyy-MM-dd}\",\"type\":\"{Enum.GetName((NoticeType)(post % Enum.GetValues<NoticeType>().Length))}\",\"description\":\"post {post}\"}}";
                var kind = post % 2 == 0 ? "drug-test" : "disciplinary-notice";
                var both = await Task.WhenAll(Enumerable.Range(0, 2).Select(async _ =>
                {
                    using var request = new HttpRequestMessage(HttpMethod.Post, $"/api/v1/prisoners/Q{n:000}/entries/{kind}") { Content = new StringContent(body, System.Text.Encoding.UTF8, "application/json") };
                    request.Headers.Add("Idempotency-Key", key);
                    using var response = await api.SendAsync(request);
                    return (response.StatusCode, await response.Content.ReadAsStringAsync());
                }));
                statuses.AddRange(both.Select(b => b.StatusCode));
                Assert.Equal(both[0].Item2, both[1].Item2);
            }

            return statuses;
        }))).SelectMany(a => a).ToList();

        await Eventually.Async(() => UnknownAsync(database), unknown => unknown == 0, "every change evaluated", TimeSpan.FromSeconds(90));
        var verify = await WorkerProcess.RunAsync(["verify", .. configuration[1..]]);

        Assert.All(answers, status => Assert.Equal(HttpStatusCode.Created, status));
        Assert.Equal(prisoners * postsEach / 2, await database.ScalarAsync<long>("SELECT count(*) FROM drug_test"));
        Assert.Equal(prisoners * postsEach / 2, await database.ScalarAsync<long>("SELECT count(*) FROM disciplinary_notice"));
        Assert.Equal(prisoners * postsEach, await database.ScalarAsync<long>("SELECT count(*) FROM api_idempotency_key"));
        Assert.True(verify.ExitCode == 0, verify.Output);
        Assert.Contains($"Checked {prisoners} prisoners: 0 stored flag(s) differ from the rules, 0 prisoner(s) Unknown", verify.Output);
        Assert.Contains("0 verdict(s) older than their prisoner's last change and not Unknown.", verify.Output);
        Assert.Equal(0L, await database.ScalarAsync<long>("SELECT count(*) FROM prisoner WHERE evaluated_version IS DISTINCT FROM change_version"));
    }

    private static Task<long> UnknownAsync(ScratchDatabase database) =>
        database.ScalarAsync<long>("SELECT count(*) FROM prisoner WHERE danger_status = 'Unknown'");
}
