using Microsoft.EntityFrameworkCore;
using Prison.Db.Reads;
using Prison.Db.Writes;
using Prison.Domain;
using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Db.Tests.Writes;

/// <summary>
/// The product's promise at the database: a stored status is Unknown or the verdict computed for the record's current
/// version. These tests race changes and verdict writes, by hand in the one order that broke it and many times at once.
/// </summary>
public class VerdictInvariantTests
{
    private static readonly DangerEvaluator Evaluator = new(new RuleSet(RuleCatalog.BuiltIn()).Without(["ArrivedInLast7Days"]), new PrisonCalendar(TimeZoneInfo.Utc));

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_change_loaded_before_the_previous_versions_verdict_was_stored_saves_the_prisoner_Unknown(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var prisoner = (await SeedAsync(database, count: 1)).Single();

        // The change loads the prisoner while it is Unknown at version 1 ...
        await using var change = database.Open();
        var loaded = (await change.LoadPrisonerAsync(prisoner.Number, Tracking.Tracked))!;
        var seeded = loaded.ChangeVersion;
        Assert.Equal(DangerStatus.Unknown, loaded.DangerStatus);

        // ... a worker stores version 1's verdict ...
        await using (var worker = database.Open())
        {
            Assert.Equal(1, await worker.WriteVerdictsAsync([Evaluated(prisoner)]));
        }

        Assert.Equal(["NotDangerous", $"{seeded}", $"{seeded}"], await RowAsync(database, prisoner.Id));

        // ... and the change saves the next version, which its status (Unknown in memory, as loaded) must not leave behind.
        loaded.RecordDisciplinaryNotice(TestDay.Today.AddDays(-1), NoticeType.Weapon, "a blade in the cell");
        var published = await change.SaveRecordChangesAsync();

        Assert.Equal(["Unknown", $"{seeded + 1}", $"{seeded}"], await RowAsync(database, prisoner.Id));
        Assert.Equal(0L, await database.ScalarAsync<long>($"SELECT count(*) FROM verdict_rule WHERE prisoner_id = {database.Literal(prisoner.Id)}"));
        Assert.Equal(seeded + 1, Assert.Single(published).ChangeVersion);

        // That version's own message then finds it waiting and stores its verdict.
        await using var next = database.Open();
        var current = (await next.LoadPrisonersAsync([prisoner.Id], Tracking.Untracked)).Single();
        Assert.True(current.AwaitsVerdict(Evaluator.RuleSet.Id));
        Assert.Equal(1, await next.WriteVerdictsAsync([Evaluated(current)]));
        Assert.Equal(["Dangerous", $"{seeded + 1}", $"{seeded + 1}"], await RowAsync(database, prisoner.Id));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Any_statement_that_moves_the_version_clears_the_verdict_whatever_columns_it_names(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var prisoners = await SeedAsync(database, count: 2);
        await using (var db = database.Open())
        {
            var armed = (await db.LoadPrisonerAsync(prisoners[0].Number, Tracking.Tracked))!;
            armed.RecordDisciplinaryNotice(TestDay.Today.AddDays(-1), NoticeType.Weapon, "a blade in the cell");
            await db.SaveRecordChangesAsync();
        }

        await using (var db = database.Open())
        {
            await db.WriteVerdictsAsync([.. (await db.LoadPrisonersAsync(prisoners.Select(p => p.Id).ToList(), Tracking.Untracked)).Select(Evaluated)]);
        }

        Assert.Equal(2L, await database.ScalarAsync<long>("SELECT count(*) FROM verdict_rule"));

        // A hand correction or another program bumping the version without a word about the verdict.
        await database.ExecuteAsync($"UPDATE prisoner SET change_version = change_version + 1 WHERE id = {database.Literal(prisoners[0].Id)}");

        var armedVersion = prisoners[0].ChangeVersion + 1;
        Assert.Equal(["Unknown", $"{armedVersion + 1}", $"{armedVersion}"], await RowAsync(database, prisoners[0].Id));
        Assert.Equal("", await database.ScalarAsync<string>($"SELECT danger_reasons || danger_facts FROM prisoner WHERE id = {database.Literal(prisoners[0].Id)}"));
        Assert.Equal(0L, await database.ScalarAsync<long>("SELECT count(*) FROM verdict_rule"));
        Assert.Equal(["NotDangerous", $"{prisoners[1].ChangeVersion}", $"{prisoners[1].ChangeVersion}"], await RowAsync(database, prisoners[1].Id));
        await AssertCountsKeptAsync(database);
        await VerdictHistoryInvariantTests.AssertHistoryConsistentAsync(database);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_known_status_beside_another_version_than_the_one_it_was_computed_for_is_refused(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var prisoner = (await SeedAsync(database, count: 1)).Single();
        var id = database.Literal(prisoner.Id);

        var older = await Record.ExceptionAsync(() => database.ExecuteAsync(
            $"UPDATE prisoner SET danger_status = 'Dangerous', evaluated_version = 0 WHERE id = {id}"));
        var none = await Record.ExceptionAsync(() => database.ExecuteAsync(
            $"UPDATE prisoner SET danger_status = 'NotDangerous' WHERE id = {id}"));

        Assert.Contains("prisoner_verdict_of_current_version", older?.Message);
        Assert.Contains("prisoner_verdict_of_current_version", none?.Message);
        Assert.Equal(["Unknown", $"{prisoner.ChangeVersion}", "NULL"], await RowAsync(database, prisoner.Id));
    }

    /// <summary>
    /// Changers record notices on a few prisoners as fast as they can while two evaluators do what the worker's
    /// consumer does with their messages, many rounds over; then every stored status is checked against the rules.
    /// </summary>
    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Changes_racing_verdict_writes_never_leave_a_verdict_of_an_older_record(Engine engine)
    {
        const int prisonerCount = 8;
        const int changesEach = 25;
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var prisoners = await SeedAsync(database, prisonerCount);
        await RacingChanges.RunAsync(database, prisoners, changesEach, batchSize: 5, Evaluator.RuleSet.Id, (loaded, n) =>
            // Days back from 1 to 200: the rules' windows (2, 6, 12 months) make the verdict's reasons differ by version.
            loaded.RecordDisciplinaryNotice(TestDay.Today.AddDays(-1 - (n * 37 % 200)), n % 7 == 3 ? NoticeType.Weapon : NoticeType.Other, $"notice {n}"), Evaluated);

        await using var check = database.Open();
        var stored = await check.LoadPrisonersAsync(prisoners.Select(p => p.Id).ToList(), Tracking.Untracked);
        Assert.All(stored, p => Assert.Equal((p.Number, 2 * changesEach), (p.Number, p.DisciplinaryNotices.Count)));
        Assert.All(stored, p =>
        {
            Assert.NotEqual(DangerStatus.Unknown, p.DangerStatus);
            Assert.Equal(p.ChangeVersion, p.EvaluatedVersion);
            var fresh = Evaluator.Evaluate(p, TestDay.Noon.UtcDateTime);
            Assert.Equal((p.Number, fresh.Status, string.Join(" ", fresh.FiredRules.Select(f => f.Code))), (p.Number, p.DangerStatus, string.Join(" ", p.DangerReasons)));
        });
        Assert.Empty(await check.VerdictsBehindTheirRecordAsync(CancellationToken.None));
        await AssertCountsKeptAsync(database);
        await VerdictHistoryInvariantTests.AssertHistoryConsistentAsync(database);
    }

    [Fact]
    public async Task On_postgresql_two_verdict_writes_over_the_same_prisoners_in_opposite_orders_never_deadlock()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        var prisoners = await SeedAsync(database, count: 200);
        var ascending = prisoners.Select(Evaluated).ToList();
        var descending = Enumerable.Reverse(ascending).ToList();

        // Each round's verdicts differ from the last and from the other writer's (a verdict already stored is left
        // alone, and locks nothing).
        async Task WriteAsync(IReadOnlyCollection<EvaluatedPrisoner> verdicts, int writer)
        {
            await using var db = database.Open();
            for (var round = 0; round < 60; round++)
            {
                var reevaluateAt = TestDay.Noon.UtcDateTime.AddDays(1 + writer).AddMinutes(round);
                Assert.Equal(verdicts.Count, await db.WriteVerdictsAsync([.. verdicts.Select(v => v with { Verdict = v.Verdict with { ReevaluateAtUtc = reevaluateAt } })]));
            }
        }

        // A deadlock would surface here as PostgreSQL's 40P01 from one of the two.
        await Task.WhenAll(Task.Run(() => WriteAsync(ascending, 0)), Task.Run(() => WriteAsync(descending, 1)));

        await AssertCountsKeptAsync(database);
        await VerdictHistoryInvariantTests.AssertHistoryConsistentAsync(database);
    }

    /// <summary>The order of the write is the plan's: the sorted verdicts outside, each prisoner found by its key inside.</summary>
    [Fact]
    public async Task On_postgresql_the_verdict_write_walks_its_verdicts_in_id_order_and_finds_each_prisoner_by_its_key()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        await SeedAsync(database, count: 0); // The prison alone: a size the planner plans for is written by statements.
        await ManyPrisoners.InsertAsync(database, 2000, "'V' || lpad(n::text, 4, '0')", "'Prisoner V' || n", prisonId: 1, TestDay.Today.AddDays(-1));
        await database.ExecuteAsync("ANALYZE");
        var plans = new PlanRecorder("UPDATE prisoner AS p");
        await using var db = database.Open(null, plans);
        var ids = (await database.RowsAsync("SELECT id FROM prisoner ORDER BY number")).Select(row => Guid.Parse(row[0])).ToList();
        var prisoners = (await db.LoadPrisonersAsync([.. ids.Take(500), ids[^1]], Tracking.Untracked)).ToDictionary(p => p.Id);

        await db.WriteVerdictsAsync([.. ids.Take(500).Select(id => Evaluated(prisoners[id])).Reverse()]);
        await db.WriteVerdictsAsync([Evaluated(prisoners[ids[^1]])]);

        Assert.Equal(2, plans.Plans.Count);
        Assert.All(plans.Plans, plan =>
        {
            // The update's own part of the plan: the statement first reads each prisoner to find the verdicts stored already.
            var lines = plan.Split('\n').Select(l => l.Trim().TrimStart('-', '>', ' ')).ToList();
            var update = lines.FindIndex(l => l.StartsWith("Update on prisoner", StringComparison.Ordinal));
            var loop = lines.FindIndex(update + 1, l => l.StartsWith("Nested Loop", StringComparison.Ordinal));
            var sort = lines.FindIndex(update + 1, l => System.Text.RegularExpressions.Regex.IsMatch(l, @"^Sort Key: v(_\d+)?\.id$"));
            var byKey = lines.FindIndex(update + 1, l => System.Text.RegularExpressions.Regex.IsMatch(l, @"^Index Scan using prisoner_pkey on prisoner p(_\d+)? "));
            Assert.True(update >= 0 && loop > update && loop < sort && sort < byKey, plan);
        });
    }

    [Fact]
    public async Task On_postgresql_a_verdict_write_racing_a_save_of_many_changed_prisoners_never_deadlocks()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        var prisoners = await SeedAsync(database, count: 120);

        async Task SaveChangesAsync()
        {
            for (var round = 0; round < 15; round++)
            {
                // As a day of a custody import saves: many prisoners' changes in one transaction.
                await using var db = database.Open();
                foreach (var number in prisoners.Select(p => p.Number))
                {
                    (await db.LoadPrisonerAsync(number, Tracking.Tracked))!.RecordDisciplinaryNotice(TestDay.Today.AddDays(-1 - round), NoticeType.Other, $"round {round}");
                }

                await db.SaveRecordChangesAsync();
            }
        }

        async Task WriteVerdictsAsync()
        {
            for (var round = 0; round < 40; round++)
            {
                await using var db = database.Open();
                var loaded = await db.LoadPrisonersAsync(prisoners.Select(p => p.Id).ToList(), Tracking.Untracked);
                await db.WriteVerdictsAsync([.. loaded.Select(Evaluated).Reverse()]);
            }
        }

        await Task.WhenAll(Task.Run(SaveChangesAsync), Task.Run(WriteVerdictsAsync), Task.Run(WriteVerdictsAsync));

        await AssertCountsKeptAsync(database);
        await VerdictHistoryInvariantTests.AssertHistoryConsistentAsync(database);
    }

    private static EvaluatedPrisoner Evaluated(Prisoner prisoner) =>
        new(prisoner.Id, prisoner.ChangeVersion, Evaluator.Evaluate(prisoner, TestDay.Noon.UtcDateTime));

    /// <summary>The stored status, change version and evaluated version.</summary>
    private static async Task<string[]> RowAsync(ScratchDatabase database, Guid id) =>
        (await database.RowsAsync($"SELECT danger_status, change_version, evaluated_version FROM prisoner WHERE id = {database.Literal(id)}")).Single();

    private static async Task<IReadOnlyList<Prisoner>> SeedAsync(ScratchDatabase database, int count)
    {
        await using var db = database.Open();
        db.Prisons.Add(Records.Prison());
        var prisoners = Enumerable.Range(1, count).Select(n => Records.Harmless($"V{n:000}", 1, TestDay.Today.AddDays(-n))).ToList();
        db.Prisoners.AddRange(prisoners);
        await db.SaveRecordChangesAsync();
        return prisoners;
    }

    private static async Task AssertCountsKeptAsync(ScratchDatabase database)
    {
        await using var db = database.Open();
        Assert.Equal(await db.StatusCountsFromStaysAsync(1), await db.StatusCountsAsync(1));
    }
}
