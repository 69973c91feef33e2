using Prison.Db;
using Prison.Db.History;
using Prison.Db.Reads;
using Prison.Db.Writes;
using Prison.Domain;
using Prison.Domain.Evaluation;
using Prison.Domain.Record;
using Prison.Web.Pages.Prisoners;
using Prison.Web.Pages.Prisons.SinceLastShift;

namespace Prison.Web.Tests.Pages.Prisons.SinceLastShift;

public class SinceLastShiftReadsTests
{
    private static readonly DangerEvaluator Evaluator = new(new RuleSet(RuleCatalog.BuiltIn()).Without(["ArrivedInLast7Days"]), new PrisonCalendar(TimeZoneInfo.Utc));

    /// <summary>The end of the span the tests read: the twelve hours before it are the shift.</summary>
    private static readonly DateTime ShiftEnd = TestDay.Noon.UtcDateTime.AddDays(1);

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Since_last_shift_lists_the_prisons_prisoners_who_became_Dangerous_and_those_no_longer_Dangerous_newest_first_in_one_statement(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await SeedAsync(database);
        await VerdictAsync(database, "NEW", -2);                                                  // a first verdict, Dangerous: a new arrival
        await VerdictAsync(database, "FLIP", -20);
        await ChangeAsync(database, "FLIP", p => p.ChangeLegalStatus(LegalStatus.Remand), -3);
        await ChangeAsync(database, "CALM", p => p.ChangeLegalStatus(LegalStatus.Remand), -20);
        await ChangeAsync(database, "CALM", p => p.ChangeLegalStatus(LegalStatus.Convicted), -1);
        await ChangeAsync(database, "MORE", p => p.ChangeLegalStatus(LegalStatus.Remand), -20);
        await ChangeAsync(database, "MORE", p => p.Segregate(TestDay.Today, "fighting"), -1);  // Dangerous still: reasons alone
        await ChangeAsync(database, "EARLY", p => p.ChangeLegalStatus(LegalStatus.Remand), -30); // before the shift
        await ChangeAsync(database, "LATE", p => p.ChangeLegalStatus(LegalStatus.Remand), 1);    // after it
        await ChangeAsync(database, "AWAY", p => p.ChangeLegalStatus(LegalStatus.Remand), -2);   // another prison
        var counter = new StatementCounter();
        await using var db = database.Open(interceptors: counter);

        var shift = await db.ShiftChangesAsync(1, null, ShiftEnd.AddHours(-12), ShiftEnd);

        Assert.Equal(1, counter.Count);
        Assert.Equal(["NEW", "FLIP"], shift.BecameDangerous.Select(c => c.Number));
        Assert.Equal(["CALM"], shift.NoLongerDangerous.Select(c => c.Number));
        Assert.Null(shift.MoreBecameDangerous);
        Assert.Null(shift.MoreNoLongerDangerous);
        var first = shift.BecameDangerous[0];
        Assert.Equal(((DangerStatus?)null, ShiftEnd.AddHours(-2), "Prisoner NEW", DangerStatus.Dangerous), (first.Change.FromStatus, first.Change.AtUtc, first.Name, first.StatusNow));
        Assert.Equal(["NotConvicted"], shift.BecameDangerous[1].Change.Reasons);
        Assert.Equal(VerdictCauseKind.RecordedEntry, shift.BecameDangerous[1].Change.Cause);
        Assert.Equal(["NotConvicted"], shift.NoLongerDangerous[0].Change.Went);
        Assert.Equal(DangerStatus.NotDangerous, shift.NoLongerDangerous[0].StatusNow);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Each_group_pages_newest_first_from_its_cursor_without_losing_or_repeating_changes_of_the_same_instant(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        const int count = SinceLastShiftReads.ShiftPageSize + 12;
        await using (var db = database.Open())
        {
            db.Prisons.Add(Records.Prison());
            db.Prisoners.AddRange(Enumerable.Range(1, count).Select(n =>
            {
                var prisoner = Records.Harmless($"G{n:000}", 1, TestDay.Today.AddDays(-30));
                prisoner.ChangeLegalStatus(LegalStatus.Remand);
                return prisoner;
            }));
            await db.SaveRecordChangesAsync();
        }

        // Twenty of them at one instant, across the end of the first page.
        await using (var db = database.Open())
        {
            var prisoners = (await db.LoadPrisonersAsync(await IdsAsync(database), Tracking.Untracked)).OrderBy(p => p.Number).ToList();
            foreach (var (prisoner, n) in prisoners.Select((p, n) => (p, n)))
            {
                var at = ShiftEnd.AddMinutes(-(n is >= 40 and < 60 ? 40 : n) - 1);
                await db.WriteVerdictsAsync([new EvaluatedPrisoner(prisoner.Id, prisoner.ChangeVersion, Evaluator.Evaluate(prisoner, at))]);
            }
        }

        await using var read = database.Open();
        var first = await read.ShiftChangesAsync(1, null, ShiftEnd.AddHours(-12), ShiftEnd);
        var second = await read.ShiftChangesAsync(1, null, ShiftEnd.AddHours(-12), ShiftEnd, becameBefore: first.MoreBecameDangerous);

        Assert.Equal(SinceLastShiftReads.ShiftPageSize, first.BecameDangerous.Count);
        Assert.NotNull(first.MoreBecameDangerous);
        Assert.Equal(count - SinceLastShiftReads.ShiftPageSize, second.BecameDangerous.Count);
        Assert.Null(second.MoreBecameDangerous);
        var all = first.BecameDangerous.Concat(second.BecameDangerous).ToList();
        Assert.Equal(count, all.Select(c => c.Number).Distinct().Count());
        Assert.Equal(all.OrderByDescending(c => c.Change.AtUtc).ThenByDescending(c => c.Change.Id).Select(c => c.Number), all.Select(c => c.Number));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_prisoners_history_is_read_newest_first_in_one_statement(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await SeedAsync(database);
        await ChangeAsync(database, "FLIP", p => p.ChangeLegalStatus(LegalStatus.Remand), -3);
        await ChangeAsync(database, "FLIP", p => p.ChangeLegalStatus(LegalStatus.Convicted), -2);
        var id = Guid.Parse((await database.RowsAsync("SELECT id FROM prisoner WHERE number = 'FLIP'")).Single()[0]);
        var counter = new StatementCounter();
        await using var db = database.Open(interceptors: counter);

        var history = await db.VerdictHistoryAsync(id);

        Assert.Equal(1, counter.Count);
        Assert.False(history.HasOlder);
        Assert.Equal(
            [(DangerStatus.Dangerous, DangerStatus.NotDangerous), ((DangerStatus?)null, DangerStatus.Dangerous)],
            history.Changes.Select(c => (c.FromStatus, c.ToStatus)));
    }

    /// <summary>Each side of the union reads its partial index, and over a long span walks it newest first and stops after a page.</summary>
    [Fact]
    public async Task On_postgresql_since_last_shift_walks_the_two_partial_indexes()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        await SeedAsync(database);
        await ChangeAsync(database, "FLIP", p => p.ChangeLegalStatus(LegalStatus.Remand), -3);
        // A month of changes at twenty prisons, most of them reasons alone, as a prison's history grows.
        await database.ExecuteAsync("""
            INSERT INTO verdict_change (prisoner_id, prison_id, at, from_status, to_status, reasons, came, went, cause, change_version)
            SELECT p.id, g % 20 + 1, timestamptz '2026-11-21 12:00:00+00' - g * interval '10 seconds',
                   CASE g % 5 WHEN 0 THEN 'NotDangerous' WHEN 1 THEN 'Dangerous' ELSE 'Dangerous' END,
                   CASE g % 5 WHEN 0 THEN 'Dangerous' WHEN 1 THEN 'NotDangerous' ELSE 'Dangerous' END,
                   'NotConvicted', '', '', 'Other', 1
            FROM generate_series(1, 200000) g CROSS JOIN (SELECT id FROM prisoner WHERE number = 'FLIP') p
            """);
        await database.ExecuteAsync("ANALYZE verdict_change");
        var plans = new PlanRecorder("verdict_change");
        await using var db = database.Open(null, plans);

        await db.ShiftChangesAsync(1, null, ShiftEnd.AddHours(-12), ShiftEnd);
        await db.ShiftChangesAsync(1, null, ShiftEnd.AddDays(-30), ShiftEnd, new HistoryCursor(ShiftEnd.AddDays(-2), 5000), new HistoryCursor(ShiftEnd.AddDays(-3), 7000));

        // A shift's few dozen changes may be fetched by the index and sorted; a month's thousands are walked in order.
        Assert.Equal(2, plans.Plans.Count);
        Assert.All(plans.Plans, plan => Assert.True(
            plan.Contains("verdict_change_became_dangerous", StringComparison.Ordinal)
            && plan.Contains("verdict_change_no_longer_dangerous", StringComparison.Ordinal)
            && !plan.Contains("Seq Scan on verdict_change", StringComparison.Ordinal),
            plan));
        Assert.True(
            plans.Plans[1].Contains("Index Scan using verdict_change_became_dangerous on verdict_change", StringComparison.Ordinal)
            && plans.Plans[1].Contains("Index Scan using verdict_change_no_longer_dangerous on verdict_change", StringComparison.Ordinal)
            && !plans.Plans[1].Contains("Sort", StringComparison.Ordinal),
            plans.Plans[1]);
    }

    /// <summary>
    /// At prison 1: NEW (remand, never evaluated), FLIP, CALM, MORE, EARLY, LATE (harmless, Not dangerous from the shift
    /// before); at prison 2: AWAY.
    /// </summary>
    private static async Task SeedAsync(ScratchDatabase database)
    {
        await using (var db = database.Open())
        {
            db.Prisons.AddRange(Records.Prison(1), Records.Prison(2));
            var fresh = Records.Harmless("NEW", 1, TestDay.Today.AddDays(-1));
            fresh.ChangeLegalStatus(LegalStatus.Remand);
            db.Prisoners.AddRange([fresh, .. new[] { "FLIP", "CALM", "MORE", "EARLY", "LATE" }.Select(n => Records.Harmless(n, 1, TestDay.Today.AddDays(-30))), Records.Harmless("AWAY", 2, TestDay.Today.AddDays(-30))]);
            await db.SaveRecordChangesAsync();
        }

        foreach (var number in new[] { "CALM", "MORE", "EARLY", "LATE", "AWAY" })
        {
            await VerdictAsync(database, number, -40);
        }
    }

    private static async Task ChangeAsync(ScratchDatabase database, string number, Action<Prisoner> change, int hoursFromShiftEnd)
    {
        await using (var db = database.Open())
        {
            change((await db.LoadPrisonerAsync(number, Tracking.Tracked))!);
            await db.SaveRecordChangesAsync();
        }

        await VerdictAsync(database, number, hoursFromShiftEnd);
    }

    private static async Task VerdictAsync(ScratchDatabase database, string number, int hoursFromShiftEnd)
    {
        await using var db = database.Open();
        var id = (await db.LoadPrisonerAsync(number, Tracking.Tracked))!.Id;
        var prisoner = (await db.LoadPrisonersAsync([id], Tracking.Untracked)).Single();
        var at = ShiftEnd.AddHours(hoursFromShiftEnd);
        Assert.Equal(1, await db.WriteVerdictsAsync([new EvaluatedPrisoner(prisoner.Id, prisoner.ChangeVersion, Evaluator.Evaluate(prisoner, at), VerdictCause.OfReevaluation(prisoner, Evaluator.RuleSet.Id, at))]));
    }

    private static async Task<List<Guid>> IdsAsync(ScratchDatabase database) =>
        [.. (await database.RowsAsync("SELECT id FROM prisoner")).Select(r => Guid.Parse(r[0]))];
}
