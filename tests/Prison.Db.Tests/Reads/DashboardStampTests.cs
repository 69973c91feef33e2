using Microsoft.EntityFrameworkCore;
using Prison.Db.Reads;
using Prison.Db.RuleSettings;
using Prison.Db.Tests.Writes;
using Prison.Db.Writes;
using Prison.Domain;
using Prison.Domain.Evaluation;
using Prison.Domain.Record;
using static Prison.Testing.SeededPrison;

namespace Prison.Db.Tests.Reads;

/// <summary>
/// An open dashboard stays true by asking whether its prison's stamp (migration 014) still stands: the stamp must move
/// with every change of what the dashboard shows, and the question must cost one cheap statement.
/// </summary>
public class DashboardStampTests
{
    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task An_unchanged_dashboard_is_answered_in_one_statement_with_nothing(Engine engine)
    {
        await using var database = await SeededAsync(engine, prisoners: 25, dangerous: n => n % 4 == 0);
        await using var setup = database.Open();
        var shown = await setup.DashboardAsync(prisonId: 1);
        var counter = new StatementCounter();
        await using var db = database.Open(interceptors: counter);

        var answer = await db.DashboardIfChangedAsync(prisonId: 1, shown.Stamp);

        Assert.Null(answer.Changed);
        Assert.Equal(shown.Stamp, answer.Stamp);
        Assert.Equal(1, counter.Count);
    }

    [Fact]
    public async Task On_postgresql_an_unchanged_dashboard_reads_no_stay_and_no_prisoner()
    {
        await using var database = await SeededAsync(Engine.PostgreSql, prisoners: 40);
        await database.ExecuteAsync("ANALYZE");
        await using var setup = database.Open();
        var shown = await setup.DashboardAsync(prisonId: 1);
        var plans = new PlanRecorder("SELECT", analyze: true);
        await using var db = database.Open(null, plans);

        Assert.Null((await db.DashboardIfChangedAsync(prisonId: 1, shown.Stamp)).Changed);
        Assert.NotNull((await db.DashboardIfChangedAsync(prisonId: 1, shown.Stamp with { Changes = shown.Stamp.Changes - 1 })).Changed);

        Assert.Equal(2, plans.Plans.Count);
        var (unchanged, changed) = (plans.Plans[0], plans.Plans[1]);
        Assert.Contains("One-Time Filter", unchanged);
        Assert.NotEmpty(Lines(unchanged, "imprisonment", "prisoner"));
        Assert.All(Lines(unchanged, "imprisonment", "prisoner"), line => Assert.Contains("never executed", line));
        Assert.NotEmpty(Lines(changed, "imprisonment"));
        // The stays are read; the count of "Coming up" looks a stay up only for a forecast within its span, none here.
        Assert.Contains(Lines(changed, "imprisonment"), line => !line.Contains("never executed", StringComparison.Ordinal));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_changed_dashboard_is_answered_with_its_fresh_rows_counts_and_stamp_in_one_statement(Engine engine)
    {
        await using var database = await SeededAsync(engine, prisoners: 25, dangerous: n => n % 4 == 0);
        await using var setup = database.Open();
        var shown = await setup.DashboardAsync(prisonId: 1);
        await ChangeAsync(database, Number(25), p => p.RecordDisciplinaryNotice(TestDay.Today, NoticeType.Weapon, "a blade"));
        var counter = new StatementCounter();
        await using var db = database.Open(interceptors: counter);

        var answer = (await db.DashboardIfChangedAsync(prisonId: 1, shown.Stamp)).Changed;

        Assert.Equal(1, counter.Count);
        Assert.NotNull(answer);
        Assert.NotEqual(shown.Stamp, answer.Stamp);
        Assert.Equal(Shown(await setup.DashboardAsync(prisonId: 1)), Shown(answer));
        Assert.Equal(DangerStatus.Unknown, answer.Rows[0].Status);
        Assert.Equal(shown.Counts with { NotDangerous = shown.Counts.NotDangerous - 1, Unknown = 1 }, answer.Counts);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_prison_with_nobody_held_has_a_stamp_too_and_its_first_arrival_moves_it(Engine engine)
    {
        await using var database = await SeededAsync(engine, prisoners: 3);
        await using var db = database.Open();
        var empty = await db.DashboardAsync(prisonId: 2);
        Assert.Null((await db.DashboardIfChangedAsync(prisonId: 2, empty.Stamp)).Changed);

        await ChangeAsync(database, Number(1), p => p.Transfer(prisonId: 2, TestDay.Today, forDisciplinaryReasons: false));

        var answer = (await db.DashboardIfChangedAsync(prisonId: 2, empty.Stamp)).Changed;
        Assert.Equal([Number(1)], answer!.Rows.Select(r => r.Number));
        Assert.Equal(new StatusCounts(0, 0, 1), answer.Counts);
    }

    /// <summary>Each change a dashboard shows, one after the other; after each, the prison's stamp has moved and the poll brings what a fresh page shows.</summary>
    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Every_change_of_what_a_dashboard_shows_moves_its_stamp(Engine engine)
    {
        await using var database = await SeededAsync(engine, prisoners: 14, dangerous: n => n == 14);
        var checks = new List<string>();

        async Task MovesAsync(string what, Func<Task> change, params int[] prisons)
        {
            await using var db = database.Open();
            var before = new Dictionary<int, PrisonDashboard>();
            foreach (var prison in new[] { 1, 2 })
            {
                before[prison] = await db.DashboardAsync(prison);
            }

            await change();
            foreach (var prison in new[] { 1, 2 })
            {
                var answer = (await db.DashboardIfChangedAsync(prison, before[prison].Stamp)).Changed;
                if (prisons.Contains(prison))
                {
                    Assert.True(answer is not null, $"{what}: the stamp of prison {prison} should have moved");
                    Assert.Equal(Shown(await db.DashboardAsync(prison)), Shown(answer));
                }
                else
                {
                    Assert.True(answer is null, $"{what}: the stamp of prison {prison} should not have moved");
                }
            }

            checks.Add(what);
        }

        await MovesAsync("a verdict", () => WriteAsync(database, Number(5), DangerStatus.Dangerous, "NotConvicted"), 1);
        await MovesAsync("a verdict with the same status and other reasons", () => WriteAsync(database, Number(5), DangerStatus.Dangerous, "NotConvicted WeaponFoundInLast12Months"), 1);
        await MovesAsync("the same verdict again", () => WriteAsync(database, Number(5), DangerStatus.Dangerous, "NotConvicted WeaponFoundInLast12Months"));
        await MovesAsync("a verdict of another rule set", () => WriteAsync(database, Number(5), DangerStatus.Dangerous, "NotConvicted WeaponFoundInLast12Months", "other-rules"), 1);
        await MovesAsync("a change clearing a verdict", () => ChangeAsync(database, Number(6), p => p.RecordDrugTest(TestDay.Today, DrugTestResult.Negative)), 1);
        await MovesAsync("a change of a prisoner already Unknown, seen on no row", () => ChangeAsync(database, Number(6), p => p.RecordDrugTest(TestDay.Today, DrugTestResult.Negative)));
        await MovesAsync("a rename of a prisoner already Unknown", () => ChangeAsync(database, Number(6), p => p.CorrectPersonalDetails("Renée Dupré", null)), 1);
        await MovesAsync("a new legal status of a prisoner already Unknown", () => ChangeAsync(database, Number(6), p => p.ChangeLegalStatus(LegalStatus.Remand)), 1);
        await MovesAsync("a release", () => ChangeAsync(database, Number(7), p => p.Release(TestDay.Today)), 1);
        await MovesAsync("a transfer", () => ChangeAsync(database, Number(8), p => p.Transfer(prisonId: 2, TestDay.Today, forDisciplinaryReasons: false)), 1, 2);
        await MovesAsync("an arrival", () => AddAsync(database, Records.Harmless("NEW", 2, TestDay.Today)), 2);
        await MovesAsync("a current stay struck out", () => ChangeAsync(database, "NEW", p => p.StrikeOut(p.CurrentStay!.Id, new Strike(TestDay.Noon.UtcDateTime, "clerk", "entered in error"))), 2);
        await MovesAsync("the transfer struck out, its prisoner back where they were", () => ChangeAsync(database, Number(8), p => p.StrikeOut(p.CurrentStay!.Id, new Strike(TestDay.Noon.UtcDateTime, "clerk", "entered in error"))), 1, 2);
        await MovesAsync("a past stay", () => ChangeAsync(database, Number(9), p => p.RecordPastStay(prisonId: 2, TestDay.Today.AddYears(-3), TestDay.Today.AddYears(-2), ArrivalReason.NewReception)), 1);
        await MovesAsync("a verdict of a prisoner held nowhere", () => WriteAsync(database, Number(7), DangerStatus.Dangerous, "NotConvicted"));
        await MovesAsync("a new rule set in force", async () =>
        {
            await using var db = database.Open();
            await db.RecordRuleSetInForceAsync("0123456789abcdef", TestDay.Noon.UtcDateTime);
        }, 1, 2);
        await MovesAsync("a prisoner deleted", async () =>
        {
            await using var db = database.Open();
            await db.Database.ExecuteSqlRawAsync("DELETE FROM prisoner WHERE number = {0}", Number(10));
        }, 1);

        Assert.Equal(17, checks.Count);
    }

    /// <summary>
    /// Changers (notices, renames, transfers between the two prisons) race evaluators storing verdicts while pollers
    /// read both dashboards. Whatever the interleaving: two reads with the same stamp show the same dashboard, and a
    /// poll with the stamp from before the race brings the dashboard as it ends, which is what the prisoners' rows say.
    /// </summary>
    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Racing_changes_and_verdicts_always_move_the_stamp_of_every_dashboard_they_change(Engine engine)
    {
        const int changesEach = 12;
        await using var database = await SeededAsync(engine, prisoners: 16, dangerous: n => n % 5 == 0);
        await using var setup = database.Open();
        var before = new[] { await setup.DashboardAsync(1), await setup.DashboardAsync(2) };
        var numbers = Enumerable.Range(1, 16).Select(Number).ToList();
        var messages = System.Threading.Channels.Channel.CreateUnbounded<Guid>();
        var seen = new System.Collections.Concurrent.ConcurrentBag<(int Prison, DashboardStamp Stamp, string Shown)>();
        using var racing = new CancellationTokenSource();

        async Task ChangeAsync(int changer)
        {
            for (var n = 0; n < changesEach; n++)
            {
                var number = numbers[(changer * 7 + n * 3) % numbers.Count];
                await using var db = database.Open();
                var prisoner = (await db.LoadPrisonerAsync(number, Tracking.Tracked))!;
                switch ((changer + n) % 4)
                {
                    case 0:
                        prisoner.RecordDisciplinaryNotice(TestDay.Today.AddDays(-n), n % 3 == 0 ? NoticeType.Weapon : NoticeType.Other, $"notice {n}");
                        break;
                    case 1:
                        prisoner.CorrectPersonalDetails($"Prisoner {number} renamed {changer}.{n}", null);
                        break;
                    case 2 when prisoner.CurrentStay is { } stay:
                        prisoner.Transfer(3 - stay.PrisonId, TestDay.Today, forDisciplinaryReasons: false);
                        break;
                    default:
                        prisoner.ChangeLegalStatus(n % 2 == 0 ? LegalStatus.Remand : LegalStatus.Convicted);
                        break;
                }

                try
                {
                    foreach (var change in await db.SaveRecordChangesAsync())
                    {
                        messages.Writer.TryWrite(change.PrisonerId);
                    }
                }
                catch (DbUpdateException)
                {
                    // Another changer saved this prisoner first: its change version moved, or (two transfers at once) the
                    // stay it began is current already. Nothing of this change is saved.
                }
            }
        }

        async Task EvaluateAsync()
        {
            while (await messages.Reader.WaitToReadAsync())
            {
                var ids = new HashSet<Guid>();
                while (ids.Count < 4 && messages.Reader.TryRead(out var id))
                {
                    ids.Add(id);
                }

                await using var db = database.Open();
                var due = (await db.LoadPrisonersAsync([.. ids], Tracking.Untracked)).Where(p => p.AwaitsVerdict(Evaluator.RuleSet.Id)).ToList();
                await db.WriteVerdictsAsync([.. due.Select(Evaluated)]);
            }
        }

        async Task PollAsync()
        {
            while (!racing.IsCancellationRequested)
            {
                await using var db = database.Open();
                foreach (var prison in new[] { 1, 2 })
                {
                    var dashboard = await db.DashboardAsync(prison);
                    seen.Add((prison, dashboard.Stamp, Shown(dashboard)));
                }
            }
        }

        var pollers = new[] { Task.Run(PollAsync), Task.Run(PollAsync) };
        var evaluators = new[] { Task.Run(EvaluateAsync), Task.Run(EvaluateAsync) };
        await Task.WhenAll(Enumerable.Range(0, 4).Select(changer => Task.Run(() => ChangeAsync(changer))));
        messages.Writer.Complete();
        await Task.WhenAll(evaluators);
        await racing.CancelAsync();
        await Task.WhenAll(pollers);

        Assert.True(seen.Count > 10, "the pollers should have read the dashboards while the changes raced");
        Assert.All(seen.GroupBy(s => (s.Prison, s.Stamp)), same => Assert.True(same.Select(s => s.Shown).Distinct().Count() == 1, $"prison {same.Key.Prison}, stamp {same.Key.Stamp}:\n{string.Join("\n---\n", same.Select(s => s.Shown).Distinct())}"));
        await using var check = database.Open();
        foreach (var prison in new[] { 1, 2 })
        {
            var now = (await check.DashboardIfChangedAsync(prison, before[prison - 1].Stamp)).Changed;
            Assert.NotNull(now);
            Assert.Equal(await FromTheRowsAsync(database, prison), Shown(now));
            Assert.Equal(await check.StatusCountsFromStaysAsync(prison), now.Counts);
        }
    }

    /// <summary>What a dashboard shows, as text: its counts, and each row's number, name, legal status, status, reasons and rule set mark.</summary>
    private static string Shown(PrisonDashboard dashboard) =>
        $"{dashboard.Counts}\n" + string.Join('\n', dashboard.Rows.Select(r =>
            $"{r.Number} {r.Name} {r.LegalStatus} {r.ArrivalDate:yyyy-MM-dd} {r.Status} {string.Join(',', r.FiredRules)} {r.FromEarlierRuleSet}"));

    /// <summary>The same, computed from the stays and prisoners themselves, to compare the poll's answer with.</summary>
    private static async Task<string> FromTheRowsAsync(ScratchDatabase database, int prison)
    {
        await using var db = database.Open();
        var rows = await (
                from stay in db.Set<Stay>()
                where stay.PrisonId == prison && stay.LeftOn == null && stay.Strike == null
                join p in db.Prisoners on EF.Property<Guid>(stay, "PrisonerId") equals p.Id
                select new { p.Number, p.Name, p.LegalStatus, stay.ArrivalDate, p.DangerStatus, p.Id })
            .ToListAsync();
        var reasons = (await db.StatusesAsync([.. rows.Select(r => r.Id)])).ToDictionary(s => s.PrisonerId, s => s.FiredRules);
        var counts = await db.StatusCountsFromStaysAsync(prison);
        return $"{counts}\n" + string.Join('\n', rows
            .OrderByDescending(r => r.ArrivalDate).ThenBy(r => r.Number, StringComparer.Ordinal)
            .Take(DashboardReads.PageSize)
            .Select(r => $"{r.Number} {r.Name} {r.LegalStatus} {r.ArrivalDate:yyyy-MM-dd} {r.DangerStatus} {string.Join(',', reasons[r.Id])} False"));
    }

    private static IEnumerable<string> Lines(string plan, params string[] scansOf) =>
        plan.Split('\n').Where(line => line.Contains(" Scan ", StringComparison.Ordinal) && scansOf.Any(table => line.Contains($" on {table} ", StringComparison.Ordinal)));

    private static async Task ChangeAsync(ScratchDatabase database, string number, Action<Prisoner> change)
    {
        await using var db = database.Open();
        change((await db.LoadPrisonerAsync(number, Tracking.Tracked))!);
        await db.SaveRecordChangesAsync();
    }

    private static async Task AddAsync(ScratchDatabase database, Prisoner prisoner)
    {
        await using var db = database.Open();
        db.Prisoners.Add(prisoner);
        await db.SaveRecordChangesAsync();
    }

    /// <summary>Stores a verdict as the worker does, with the reasons and rule set given rather than the rules'.</summary>
    private static async Task WriteAsync(ScratchDatabase database, string number, DangerStatus status, string reasons, string ruleSet = "test-rules")
    {
        await using var db = database.Open();
        var prisoner = (await db.LoadPrisonerAsync(number, Tracking.Tracked))!;
        var fired = reasons.Split(' ').Select(code => new FiredRule(code, code, [])).ToList();
        var written = await db.WriteVerdictsAsync([new EvaluatedPrisoner(prisoner.Id, prisoner.ChangeVersion, new Verdict(status, fired, TestDay.Noon.UtcDateTime, null, ruleSet))]);
        Assert.Equal(1, written);
    }
}
