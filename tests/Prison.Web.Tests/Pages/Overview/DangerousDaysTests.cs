using Microsoft.EntityFrameworkCore;
using Prison.Db;
using Prison.Db.Reads;
using Prison.Db.RuleSettings;
using Prison.Db.Writes;
using Prison.Domain;
using Prison.Domain.Evaluation;
using Prison.Domain.Record;
using Prison.Testing;
using Prison.Web.Pages.Overview;

namespace Prison.Web.Tests.Pages.Overview;

/// <summary>
/// Each prison's Dangerous count day by day is kept by the triggers that keep its counts (prison_dangerous_day,
/// migration 025): the figure of a day must equal the count of Dangerous current prisoners at that day's end, whatever
/// wrote. The writer's clock decides the day (migration 037: a save's changed_at, a verdict's evaluated_at), so a day
/// passes here by moving the clock every writer reads; a write that stamps nothing (a deletion) counts for the
/// database's day.
/// </summary>
public class DangerousDaysTests
{
    private static readonly int[] PrisonIds = [1, 2];

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task The_figure_of_each_day_equals_the_dangerous_prisoners_at_its_end_after_verdicts_a_transfer_a_release_and_a_rule_set_change(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var firstDay = await DatabaseTodayAsync(database);
        var clock = NoonOf(firstDay);
        var atEndOfDay = new List<Dictionary<int, int>>();
        await using (var db = database.Open(clock))
        {
            db.Prisons.AddRange(PrisonIds.Select(Records.Prison));
            db.Prisoners.AddRange(Enumerable.Range(1, 6).Select(n => Records.Harmless(Number(n), prisonId: 1, TestDay.Today.AddDays(-10 - n))));
            db.Prisoners.AddRange(Enumerable.Range(7, 4).Select(n => Records.Harmless(Number(n), prisonId: 2, TestDay.Today.AddDays(-10 - n))));
            await db.SaveRecordChangesAsync();
        }

        // Day 1: the first verdicts.
        await WriteVerdictsAsync(database, clock, "rules-1", new()
        {
            [1] = DangerStatus.Dangerous, [2] = DangerStatus.Dangerous, [3] = DangerStatus.Dangerous, [4] = DangerStatus.NotDangerous,
            [7] = DangerStatus.Dangerous, [8] = DangerStatus.NotDangerous,
        });
        atEndOfDay.Add(await RecountAsync(database));
        clock.Advance(TimeSpan.FromDays(1));

        // Day 2: a dangerous prisoner transferred to the other prison, and another verdict.
        await ChangeAsync(database, clock, Number(1), p => p.Transfer(prisonId: 2, TestDay.Today.AddDays(-5), forDisciplinaryReasons: false));
        await WriteVerdictsAsync(database, clock, "rules-1", new() { [1] = DangerStatus.Dangerous, [9] = DangerStatus.Dangerous });
        atEndOfDay.Add(await RecountAsync(database));
        clock.Advance(TimeSpan.FromDays(1));

        // Day 3: nothing happens.
        atEndOfDay.Add(await RecountAsync(database));
        clock.Advance(TimeSpan.FromDays(1));

        // Day 4: a dangerous prisoner released, and one's record changed (back to Unknown until evaluated).
        await ChangeAsync(database, clock, Number(2), p => p.Release(TestDay.Today.AddDays(-4)));
        await ChangeAsync(database, clock, Number(3), p => p.RecordDrugTest(TestDay.Today, DrugTestResult.Refused));
        atEndOfDay.Add(await RecountAsync(database));
        clock.Advance(TimeSpan.FromDays(1));

        // The last day: a new rule set comes into force and every current prisoner is evaluated under it.
        await using (var db = database.Open(clock))
        {
            Assert.True(await db.RecordRuleSetInForceAsync("rules-2", clock.GetUtcNow().UtcDateTime));
        }

        await WriteVerdictsAsync(database, clock, "rules-2", new()
        {
            [1] = DangerStatus.NotDangerous, [3] = DangerStatus.Dangerous, [4] = DangerStatus.Dangerous, [5] = DangerStatus.NotDangerous,
            [6] = DangerStatus.NotDangerous, [7] = DangerStatus.Dangerous, [8] = DangerStatus.Dangerous, [9] = DangerStatus.NotDangerous, [10] = DangerStatus.NotDangerous,
        });
        atEndOfDay.Add(await RecountAsync(database));

        var today = firstDay.AddDays(atEndOfDay.Count - 1);
        await using (var db = database.Open())
        {
            var overview = await db.OverviewAsync(null, firstDay.AddDays(-1), today, today);
            foreach (var prisonId in PrisonIds)
            {
                var prison = overview.Prisons.Single(o => o.PrisonId == prisonId);
                Assert.Equal(
                    [null, .. atEndOfDay.Select(day => (int?)day[prisonId])],
                    prison.Days.Select(d => d.Dangerous).ToList());
                Assert.Equal(atEndOfDay[^1][prisonId], prison.Counts.Dangerous);
                Assert.Equal(atEndOfDay[^1][prisonId] - atEndOfDay[^2][prisonId], prison.ChangeOverDay);
                Assert.Null(prison.ChangeOverWeek);
            }
        }
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Racing_verdict_writes_and_transfers_leave_todays_figure_equal_to_the_recount(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var today = await DatabaseTodayAsync(database);
        var clock = NoonOf(today);
        List<Prisoner> judged;
        List<Prisoner> moved;
        await using (var db = database.Open(clock))
        {
            db.Prisons.AddRange(PrisonIds.Select(Records.Prison));
            var all = Enumerable.Range(1, 64).Select(n => Records.Harmless(Number(n), prisonId: 1 + n % 2, TestDay.Today.AddDays(-n))).ToList();
            db.Prisoners.AddRange(all);
            await db.SaveRecordChangesAsync();
            judged = all.Where((_, i) => i % 4 != 0).ToList();
            moved = all.Where((_, i) => i % 4 == 0).ToList();
        }

        async Task FlipAsync(int rounds)
        {
            for (var round = 0; round < rounds; round++)
            {
                await using var db = database.Open(clock);
                var status = round % 2 == 0 ? DangerStatus.Dangerous : DangerStatus.NotDangerous;
                await WriteVerdictsAsync(db, clock, "rules-1", judged.Where((_, i) => i % 3 != round % 3).Select(p => p.Number), status);
            }
        }

        async Task TransferAsync(int rounds)
        {
            for (var round = 0; round < rounds; round++)
            {
                foreach (var prisoner in moved.Where((_, i) => i % 2 == round % 2))
                {
                    await ChangeAsync(database, clock, prisoner.Number, p => p.Transfer(3 - p.CurrentStay!.PrisonId, TestDay.Today, forDisciplinaryReasons: false));
                }

                await using var db = database.Open(clock);
                await WriteVerdictsAsync(db, clock, "rules-1", moved.Select(p => p.Number), round % 3 == 0 ? DangerStatus.NotDangerous : DangerStatus.Dangerous);
            }
        }

        await Task.WhenAll(FlipAsync(rounds: 15), FlipAsync(rounds: 14), TransferAsync(rounds: 6));

        var recount = await RecountAsync(database);
        await using (var db = database.Open())
        {
            var overview = await db.OverviewAsync(null, today.AddDays(-1), today, today);
            foreach (var prisonId in PrisonIds)
            {
                var prison = overview.Prisons.Single(o => o.PrisonId == prisonId);
                Assert.Equal((prisonId, recount[prisonId]), (prisonId, prison.Days[^1].Dangerous));
                Assert.Equal((prisonId, recount[prisonId]), (prisonId, prison.Counts.Dangerous));
            }

            // The day's changes, summed, are what moved since the prisoners arrived Unknown.
            var kept = await db.Set<PrisonDangerousDay>().Where(d => d.Day == today).GroupBy(d => d.PrisonId).Select(g => new { g.Key, Sum = g.Sum(d => d.DangerousChange) }).ToDictionaryAsync(g => g.Key, g => g.Sum);
            Assert.Equal(PrisonIds.Select(id => recount[id]), PrisonIds.Select(id => kept.GetValueOrDefault(id)));
        }
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_prisoner_deleted_leaves_the_days_figure_equal_to_the_recount(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using (var db = database.Open())
        {
            db.Prisons.AddRange(PrisonIds.Select(Records.Prison));
            db.Prisoners.AddRange(Enumerable.Range(1, 4).Select(n => Records.Harmless(Number(n), prisonId: 1, TestDay.Today.AddDays(-n))));
            await db.SaveRecordChangesAsync();
        }

        var today = await DatabaseTodayAsync(database);
        await WriteVerdictsAsync(database, NoonOf(today), "rules-1", new() { [1] = DangerStatus.Dangerous, [2] = DangerStatus.Dangerous, [3] = DangerStatus.NotDangerous });

        // A deletion stamps nothing: it counts for the database's day.
        await using (var db = database.Open())
        {
            await db.Database.ExecuteSqlRawAsync("DELETE FROM prisoner WHERE number = {0}", Number(1));
        }

        await using (var db = database.Open())
        {
            var prison = (await db.OverviewAsync([1], today, today, today)).Prisons.Single();
            Assert.Equal(1, prison.Days.Single().Dangerous);
            Assert.Equal((await RecountAsync(database))[1], prison.Days.Single().Dangerous);
        }
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task An_empty_list_of_prisons_reads_no_prison_and_a_list_reads_only_its_own(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using (var db = database.Open())
        {
            db.Prisons.AddRange(PrisonIds.Select(Records.Prison));
            db.Prisoners.AddRange(Records.Harmless(Number(1), prisonId: 1, TestDay.Today), Records.Harmless(Number(2), prisonId: 2, TestDay.Today));
            await db.SaveRecordChangesAsync();
        }

        var today = await DatabaseTodayAsync(database);
        await using (var db = database.Open())
        {
            Assert.Empty((await db.OverviewAsync([], today, today, today)).Prisons);
            Assert.Equal([2], (await db.OverviewAsync([2], today, today, today)).Prisons.Select(o => o.PrisonId));
            Assert.Equal([1, 2], (await db.OverviewAsync(null, today, today, today)).Prisons.Select(o => o.PrisonId).Order());
        }
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task The_overview_is_one_statement_for_one_prison_and_for_twenty(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using (var db = database.Open())
        {
            db.Prisons.AddRange(Enumerable.Range(1, 20).Select(Records.Prison));
            db.Prisoners.AddRange(Enumerable.Range(1, 40).Select(n => Records.Harmless(Number(n), prisonId: 1 + n % 20, TestDay.Today)));
            await db.SaveRecordChangesAsync();
        }

        var today = await DatabaseTodayAsync(database);
        foreach (var prisons in new[] { new[] { 1 }, [.. Enumerable.Range(1, 20)] })
        {
            var counter = new StatementCounter();
            await using var db = database.Open(null, counter);
            var overview = await db.OverviewAsync(prisons, today.AddDays(-89), today, today);
            Assert.Equal(prisons.Length, overview.Prisons.Count);
            Assert.All(overview.Prisons, o => Assert.Equal(90, o.Days.Count));
            Assert.Equal(1, counter.Count);
        }
    }

    private static string Number(int n) => $"D{n:000}";

    /// <summary>The clock every writer of a test reads, at noon UTC of <paramref name="day"/>.</summary>
    private static MovableClock NoonOf(DateOnly day) => new(new DateTimeOffset(day.ToDateTime(new TimeOnly(12, 0)), TimeSpan.Zero));

    private static async Task<DateOnly> DatabaseTodayAsync(ScratchDatabase database) =>
        DateOnly.ParseExact(
            (await database.RowsAsync(database.Engine == Engine.PostgreSql ? "SELECT to_char(prison_dangerous_today(), 'YYYY-MM-DD')" : "SELECT date('now')")).Single()[0],
            "yyyy-MM-dd",
            System.Globalization.CultureInfo.InvariantCulture);

    /// <summary>The Dangerous current prisoners of each prison, counted from the stays.</summary>
    private static async Task<Dictionary<int, int>> RecountAsync(ScratchDatabase database)
    {
        await using var db = database.Open();
        var counts = new Dictionary<int, int>();
        foreach (var prisonId in PrisonIds)
        {
            counts[prisonId] = (await db.StatusCountsFromStaysAsync(prisonId)).Dangerous;
        }

        return counts;
    }

    private static async Task ChangeAsync(ScratchDatabase database, TimeProvider clock, string number, Action<Prisoner> change)
    {
        await using var db = database.Open(clock);
        var prisoner = await db.LoadPrisonerAsync(number, Tracking.Tracked);
        change(prisoner!);
        await db.SaveRecordChangesAsync();
    }

    private static async Task WriteVerdictsAsync(ScratchDatabase database, TimeProvider clock, string ruleSet, Dictionary<int, DangerStatus> statuses)
    {
        await using var db = database.Open(clock);
        foreach (var group in statuses.GroupBy(s => s.Value))
        {
            await WriteVerdictsAsync(db, clock, ruleSet, group.Select(s => Number(s.Key)), group.Key);
        }
    }

    /// <summary>Verdicts for the current versions of the prisoners, in one statement, evaluated at the clock's now.</summary>
    private static async Task WriteVerdictsAsync(PrisonDb db, TimeProvider clock, string ruleSet, IEnumerable<string> numbers, DangerStatus status)
    {
        var wanted = numbers.ToList();
        var prisoners = await db.Prisoners.AsNoTracking().Where(p => wanted.Contains(p.Number)).Select(p => new { p.Id, p.ChangeVersion }).ToListAsync();
        await db.WriteVerdictsAsync(prisoners.Select(p => new EvaluatedPrisoner(p.Id, p.ChangeVersion, new Verdict(status, [], clock.GetUtcNow().UtcDateTime, null, ruleSet))).ToList());
    }
}
