using MassTransit;
using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db.Reads;
using Prison.Domain;
using Prison.Domain.Evaluation;
using Prison.Domain.Messages;
using Prison.Domain.Record;

namespace Prison.Faults.Tests;

/// <summary>RabbitMQ delivers at least once and in no promised order: the version guard makes both harmless.</summary>
public sealed class RedeliveryTests
{
    private const int Prisoners = 200;

    [Fact]
    public async Task Every_message_delivered_twice_and_in_reverse_order_gives_the_flags_of_one_evaluation_each()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        await using var worker = await RunningWorker.StartAsync(database, ServerArguments.NewQueuePrefix());
        var today = worker.Services.GetRequiredService<PrisonCalendar>().Today(DateTime.UtcNow);
        var changes = await SaveInFourVersionsAsync(database, today);

        var bus = worker.Services.GetRequiredService<IBus>();
        var reversed = changes.AsEnumerable().Reverse().ToList();
        await bus.PublishBatch(reversed);
        await bus.PublishBatch(reversed);
        await Eventually.Async(
            () => database.ScalarAsync<long>("SELECT count(*) FROM prisoner WHERE danger_status = 'Unknown'"),
            unknown => unknown == 0,
            "every prisoner evaluated",
            TimeSpan.FromSeconds(60));
        var verify = await WorkerProcess.RunAsync(["verify", .. ServerArguments.For(database, "unused-")[1..]]);

        Assert.Equal(Prisoners * 4, changes.Count);
        var evaluator = worker.Services.GetRequiredService<DangerEvaluator>();
        await using var db = database.Open();
        var loaded = (await db.LoadPrisonersAsync(await db.Prisoners.Select(p => p.Id).ToListAsync(), Tracking.Untracked)).OrderBy(p => p.Number).ToList();
        var once = loaded.Select(p => (p.Number, Version: p.ChangeVersion, Verdict: evaluator.Evaluate(p, DateTime.UtcNow)))
            .Select(e => $"{e.Number} v{e.Version} {e.Verdict.Status} [{string.Join(" ", e.Verdict.FiredRules.Select(f => f.Code))}]");
        var stored = loaded.Select(p => $"{p.Number} v{p.ChangeVersion} {p.DangerStatus} [{string.Join(" ", p.DangerReasons)}]");
        Assert.Equal(once, stored);
        // The changes were chosen so that both verdicts occur: a test of flags that are all alike would prove little.
        Assert.Contains(loaded, p => p.DangerStatus == DangerStatus.Dangerous);
        Assert.Contains(loaded, p => p.DangerStatus == DangerStatus.NotDangerous);
        Assert.True(verify.ExitCode == 0, verify.Output);
        Assert.Contains($"Checked {Prisoners} prisoners: 0 stored flag(s) differ from the rules, 0 prisoner(s) Unknown", verify.Output);
    }

    /// <summary>Each prisoner saved four times through the aggregate, so four versions and four messages each, oldest first.</summary>
    private static async Task<List<PrisonerChanged>> SaveInFourVersionsAsync(ScratchDatabase database, DateOnly today)
    {
        var changes = new List<PrisonerChanged>();
        await using (var db = database.Open())
        {
            db.Prisons.Add(Records.Prison());
            db.Prisoners.AddRange(Enumerable.Range(0, Prisoners).Select(i => Records.Harmless($"R{i:000}", 1, today.AddDays(-30 - i))));
            changes.AddRange(await db.SaveRecordChangesAsync());
        }

        Action<Prisoner, int>[] rounds =
        [
            (prisoner, i) => _ = (i % 3) switch
            {
                0 => (object)prisoner.RecordDisciplinaryNotice(today.AddDays(-5), NoticeType.Weapon, "a blade"),
                1 => prisoner.RecordRequest(RequestType.Visit, today.AddDays(-1), RequestDecision.Granted),
                _ => prisoner.RecordDrugTest(today.AddDays(-10), DrugTestResult.Negative),
            },
            (prisoner, i) =>
            {
                if (i % 4 == 0)
                {
                    prisoner.ChangeLegalStatus(LegalStatus.Remand);
                }
                else
                {
                    prisoner.RecordRequest(RequestType.Parole, today.AddDays(-3), RequestDecision.Denied);
                }
            },
            (prisoner, i) =>
            {
                // Undoes the remand of some: their last version is harmless again although an earlier one was not.
                prisoner.ChangeLegalStatus(i % 8 == 0 ? LegalStatus.Convicted : prisoner.LegalStatus);
            },
        ];
        foreach (var round in rounds)
        {
            await using var db = database.Open();
            var prisoners = (await db.LoadPrisonersAsync(await db.Prisoners.Select(p => p.Id).ToListAsync(), Tracking.Tracked)).OrderBy(p => p.Number).ToList();
            for (var i = 0; i < prisoners.Count; i++)
            {
                round(prisoners[i], i);
            }

            changes.AddRange(await db.SaveRecordChangesAsync());
        }

        return changes;
    }
}
