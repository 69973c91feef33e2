using System.Collections.Concurrent;
using Microsoft.EntityFrameworkCore;
using Prison.Db.Events;
using Prison.Db.Reads;
using Prison.Db.Tests.Writes;
using Prison.Db.Writes;
using Prison.Domain;
using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Db.Tests.Events;

/// <summary>
/// The outbox of events out (migration 035) is written by the database in the transaction of each change, whoever
/// makes it: one event for each committed change of a verdict or of where a prisoner is held, none for a change
/// rolled back or a write that changes nothing.
/// </summary>
public class PrisonEventOutboxTests
{
    private static readonly DangerEvaluator Evaluator = new(new RuleSet(RuleCatalog.BuiltIn()).Without(["ArrivedInLast7Days"]), new PrisonCalendar(TimeZoneInfo.Utc));

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_failed_drug_test_and_its_verdict_write_the_clearing_and_the_Dangerous_verdict(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var prisoner = (await SeedAsync(database, 1)).Single();
        await WriteVerdictAsync(database, prisoner.Id);

        await using (var db = database.Open())
        {
            (await db.LoadPrisonerAsync(prisoner.Number, Tracking.Tracked))!.RecordDrugTest(TestDay.Today.AddDays(-2), DrugTestResult.Failed);
            await db.SaveRecordChangesAsync();
        }

        await WriteVerdictAsync(database, prisoner.Id);

        var events = await EventsAsync(database);
        Assert.Equal(
            [
                ("stay.arrived", 2L, null, null),
                ("verdict.changed", 2L, "NotDangerous", ""),
                ("verdict.cleared", 3L, "Unknown", ""),
                ("verdict.changed", 3L, "Dangerous", "FailedDrugTestInLast3Months"),
            ],
            events.Select(e => (e.Kind, e.RecordVersion, e.Status, e.Reasons)));
        Assert.All(events, e => Assert.Equal((prisoner.Id, prisoner.Number, (int?)1), (e.PrisonerId, e.PrisonerNumber, e.PrisonId)));
        Assert.Equal(events.Count, events.Select(e => e.EventId).Distinct().Count());
        Assert.Contains("FailedDrugTestInLast3Months", events[^1].Facts);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task The_backlog_counts_the_events_not_relayed_and_dates_the_oldest_of_them(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await SeedAsync(database, 3);
        var events = await EventsAsync(database);
        var relayedAt = DateTime.UtcNow;

        OutboxBacklog waiting, afterOne, afterAll;
        await using (var db = database.Open())
        {
            waiting = await db.OutboxBacklogAsync(CancellationToken.None);
            await db.MarkRelayedAsync([events[0].Id], relayedAt, CancellationToken.None);
            afterOne = await db.OutboxBacklogAsync(CancellationToken.None);
            await db.MarkRelayedAsync([.. events.Select(e => e.Id)], relayedAt, CancellationToken.None);
            afterAll = await db.OutboxBacklogAsync(CancellationToken.None);
        }

        Assert.Equal(new OutboxBacklog(events.Count, events.Min(e => e.OccurredAtUtc)), waiting);
        Assert.Equal(new OutboxBacklog(events.Count - 1, events.Skip(1).Min(e => e.OccurredAtUtc)), afterOne);
        Assert.Equal(new OutboxBacklog(0, null), afterAll);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_change_rolled_back_and_a_verdict_write_that_changes_nothing_write_no_event(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var prisoner = (await SeedAsync(database, 1)).Single();
        await WriteVerdictAsync(database, prisoner.Id);
        var before = await EventsAsync(database);

        await using (var db = database.Open())
        {
            await db.Database.CreateExecutionStrategy().ExecuteAsync(async () =>
            {
                await using var transaction = await db.Database.BeginTransactionAsync();
                var loaded = (await db.LoadPrisonerAsync(prisoner.Number, Tracking.Tracked))!;
                loaded.RecordDrugTest(TestDay.Today.AddDays(-2), DrugTestResult.Failed);
                loaded.Transfer(2, TestDay.Today, forDisciplinaryReasons: false);
                await db.SaveRecordChangesAsync();
                Assert.NotEqual(before.Count, await db.Set<PrisonEvent>().CountAsync());
                await transaction.RollbackAsync();
            });
        }

        // The same verdict stored again (a redelivery's, a run's): nothing changed, nothing to tell.
        await database.ExecuteAsync($"UPDATE prisoner SET evaluated_at = evaluated_at, danger_status = danger_status WHERE id = {database.Literal(prisoner.Id)}");
        await WriteVerdictAsync(database, prisoner.Id);

        Assert.Equal(before.Select(e => e.Id), (await EventsAsync(database)).Select(e => e.Id));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_transfer_is_a_departure_from_one_prison_and_an_arrival_at_the_other_and_a_release_is_one_event(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var prisoner = (await SeedAsync(database, 1)).Single();
        await using (var db = database.Open())
        {
            (await db.LoadPrisonerAsync(prisoner.Number, Tracking.Tracked))!.Transfer(2, TestDay.Today.AddDays(-3), forDisciplinaryReasons: true);
            await db.SaveRecordChangesAsync();
        }

        await using (var db = database.Open())
        {
            (await db.LoadPrisonerAsync(prisoner.Number, Tracking.Tracked))!.Release(TestDay.Today);
            await db.SaveRecordChangesAsync();
        }

        var stays = (await EventsAsync(database)).Where(e => !PrisonEventKinds.IsVerdict(e.Kind)).ToList();
        Assert.Equal(
            [
                ("stay.arrived", (int?)1, (int?)null, TestDay.Today.AddDays(-30 - 1)),
                ("stay.departed", 1, null, TestDay.Today.AddDays(-3)),
                ("stay.transferred", 2, 1, TestDay.Today.AddDays(-3)),
                ("stay.released", 2, null, TestDay.Today),
            ],
            stays.Select(e => (e.Kind, e.PrisonId, e.FromPrisonId, e.Day!.Value)));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task The_outbox_takes_every_kind_the_code_declares_and_no_other(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var id = database.Literal(Guid.NewGuid());
        foreach (var kind in PrisonEventKinds.All)
        {
            await database.ExecuteAsync(
                $"INSERT INTO prison_event (kind, prisoner_id, prisoner_number, record_version, occurred_at) VALUES ('{kind}', {id}, 'X1', 1, '2026-11-28 12:00:00')");
        }

        var other = await Record.ExceptionAsync(() => database.ExecuteAsync(
            $"INSERT INTO prison_event (kind, prisoner_id, prisoner_number, record_version, occurred_at) VALUES ('verdict.other', {id}, 'X1', 1, '2026-11-28 12:00:00')"));

        Assert.NotNull(other);
        Assert.Equal(PrisonEventKinds.All.Count, await database.ScalarAsync<long>("SELECT count(DISTINCT kind) FROM prison_event"));
    }

    /// <summary>
    /// Changers record entries on a few prisoners as fast as they can while two evaluators store verdicts, redeliveries
    /// included (RacingChanges). Then each prisoner's verdict events, in their order, end at the stored verdict, and each
    /// known verdict they carry is the one the rules gave over a record as it was committed at that version.
    /// </summary>
    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Events_of_racing_changes_and_verdict_writes_end_at_the_stored_verdict_and_report_only_committed_versions(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var prisoners = await SeedAsync(database, 6);
        var computed = new ConcurrentDictionary<(Guid, long), (string, string)>();
        await RacingChanges.RunAsync(database, prisoners, changesEach: 20, batchSize: 4, Evaluator.RuleSet.Id, (loaded, n) =>
            {
                // A failed test now and then, negative ones between: the verdict flips and comes back.
                if (n % 4 == 3)
                {
                    loaded.RecordDrugTest(TestDay.Today.AddDays(-200 + n), DrugTestResult.Failed);
                }
                else
                {
                    loaded.RecordDrugTest(TestDay.Today.AddDays(-1), n % 7 == 0 ? DrugTestResult.Failed : DrugTestResult.Negative);
                }
            },
            loaded =>
            {
                var evaluated = Evaluated(loaded);
                computed[(loaded.Id, loaded.ChangeVersion)] = (evaluated.Verdict.Status.ToString(), RuleCodes.Format(evaluated.Verdict.FiredRules.Select(f => f.Code)));
                return evaluated;
            });

        var events = await EventsAsync(database);
        await using var check = database.Open();
        var stored = await check.LoadPrisonersAsync(prisoners.Select(p => p.Id).ToList(), Tracking.Untracked);
        Assert.All(stored, prisoner =>
        {
            var own = events.Where(e => e.PrisonerId == prisoner.Id && PrisonEventKinds.IsVerdict(e.Kind)).ToList();
            Assert.Equal(own, own.OrderBy(e => e.RecordVersion).ThenBy(e => e.Id));
            Assert.Equal(
                (prisoner.Number, prisoner.DangerStatus.ToString(), RuleCodes.Format(prisoner.DangerReasons), prisoner.ChangeVersion),
                (prisoner.Number, own[^1].Status, own[^1].Reasons, own[^1].RecordVersion));
            Assert.All(own.Where(e => e.Kind == PrisonEventKinds.VerdictChanged), e =>
                Assert.Equal(computed[(prisoner.Id, e.RecordVersion)], (e.Status!, e.Reasons!)));
        });
        Assert.Contains(events, e => e.Status == "Dangerous");
        Assert.Contains(events, e => e.Kind == PrisonEventKinds.VerdictCleared);
    }

    private static EvaluatedPrisoner Evaluated(Prisoner prisoner) =>
        new(prisoner.Id, prisoner.ChangeVersion, Evaluator.Evaluate(prisoner, TestDay.Noon.UtcDateTime));

    private static async Task WriteVerdictAsync(ScratchDatabase database, Guid id)
    {
        await using var db = database.Open();
        var prisoner = (await db.LoadPrisonersAsync([id], Tracking.Untracked)).Single();
        await db.WriteVerdictsAsync([Evaluated(prisoner)]);
    }

    private static async Task<List<PrisonEvent>> EventsAsync(ScratchDatabase database)
    {
        await using var db = database.Open();
        return await db.Set<PrisonEvent>().AsNoTracking().OrderBy(e => e.Id).ToListAsync();
    }

    private static async Task<IReadOnlyList<Prisoner>> SeedAsync(ScratchDatabase database, int count)
    {
        await using var db = database.Open();
        db.Prisons.AddRange(Records.Prison(1), Records.Prison(2));
        var prisoners = Enumerable.Range(1, count).Select(n => Records.Harmless($"E{n:000}", 1, TestDay.Today.AddDays(-30 - n))).ToList();
        db.Prisoners.AddRange(prisoners);
        await db.SaveRecordChangesAsync();
        return prisoners;
    }
}
