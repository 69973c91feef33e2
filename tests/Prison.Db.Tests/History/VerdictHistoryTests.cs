using Prison.Db.History;
using Prison.Db.Reads;
using Prison.Db.Writes;
using Prison.Domain;
using Prison.Domain.Evaluation;
using Prison.Domain.Record;
using Prison.Web.Pages.Prisoners;

namespace Prison.Db.Tests.History;

/// <summary>
/// The verdict history the database keeps (migration 013): a row for each change of the known verdict, written in the
/// statement that stores it, never for the Unknown a record change passes through, each with what caused it.
/// </summary>
public class VerdictHistoryTests
{
    private static readonly PrisonCalendar Calendar = new(TimeZoneInfo.Utc);

    private static readonly DangerEvaluator Evaluator = new(new RuleSet(RuleCatalog.BuiltIn()).Without(["ArrivedInLast7Days"]), Calendar);

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_first_verdict_is_a_change_from_no_verdict_that_every_reason_came_with_and_the_save_that_caused_it(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var prisoner = await SeedAsync(database, "F1", p => p.ChangeLegalStatus(LegalStatus.Remand));

        await EvaluateAsync(database, prisoner.Id);

        var change = Assert.Single(await HistoryAsync(database, prisoner.Id));
        Assert.Null(change.FromStatus);
        Assert.Equal(DangerStatus.Dangerous, change.ToStatus);
        Assert.Equal(["NotConvicted"], change.Reasons);
        Assert.Equal(["NotConvicted"], change.Came);
        Assert.Empty(change.Went);
        Assert.Equal(VerdictCauseKind.RecordedEntry, change.Cause);
        Assert.StartsWith("Added prisoner", change.CauseDetail);
        Assert.Equal(1, change.PrisonId);
        Assert.Equal(TestDay.Noon.UtcDateTime, change.AtUtc);
        Assert.Equal(prisoner.ChangeVersion, change.ChangeVersion);
        Assert.Equal(Evaluator.RuleSet.Id, change.RuleSet);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Dangerous_then_Unknown_then_Dangerous_for_the_same_reasons_is_no_change(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var prisoner = await SeedAsync(database, "U1", p => p.ChangeLegalStatus(LegalStatus.Remand));
        await EvaluateAsync(database, prisoner.Id);

        await ChangeAsync(database, "U1", p => p.CorrectPersonalDetails("Another Name", p.DateOfBirth));
        Assert.Equal("Unknown", await ScalarAsync(database, prisoner.Id, "danger_status"));
        Assert.Equal("Dangerous", await ScalarAsync(database, prisoner.Id, "known_status"));
        await EvaluateAsync(database, prisoner.Id);

        Assert.Equal("Dangerous", await ScalarAsync(database, prisoner.Id, "danger_status"));
        Assert.Single(await HistoryAsync(database, prisoner.Id));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_flip_and_a_change_of_reasons_are_each_a_change_with_the_rules_that_came_and_went_and_the_entry_recorded(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var prisoner = await SeedAsync(database, "C1");
        await EvaluateAsync(database, prisoner.Id);

        await ChangeAsync(database, "C1", p => p.RecordDisciplinaryNotice(TestDay.Today.AddDays(-3), NoticeType.Weapon, "a blade"));
        await EvaluateAsync(database, prisoner.Id);
        await ChangeAsync(database, "C1", p => p.ChangeLegalStatus(LegalStatus.Remand));
        await EvaluateAsync(database, prisoner.Id);
        await ChangeAsync(database, "C1", p => p.StrikeOut(p.DisciplinaryNotices[0].Id, new Strike(TestDay.Noon.UtcDateTime, "clerk", "wrong prisoner")));
        await EvaluateAsync(database, prisoner.Id);
        await ChangeAsync(database, "C1", p => p.ChangeLegalStatus(LegalStatus.Convicted));
        await EvaluateAsync(database, prisoner.Id);

        var history = await HistoryAsync(database, prisoner.Id);
        Assert.Equal(
            [
                "- > NotDangerous + [] - [] RecordedEntry",
                "NotDangerous > Dangerous + [DisciplinaryNoticeInLast2Months WeaponFoundInLast12Months] - [] RecordedEntry",
                "Dangerous > Dangerous + [NotConvicted] - [] RecordedEntry",
                "Dangerous > Dangerous + [] - [DisciplinaryNoticeInLast2Months WeaponFoundInLast12Months] RecordedEntry",
                "Dangerous > NotDangerous + [] - [NotConvicted] RecordedEntry",
            ],
            history.Select(c => Describe(c).Split(':')[0]));
        Assert.Equal("Added disciplinary notice", history[1].CauseDetail);
        Assert.Contains("legal status", history[2].CauseDetail);
        Assert.Contains("disciplinary notice", history[3].CauseDetail);
        Assert.Equal(history.Select(c => c.ChangeVersion).Order(), history.Select(c => c.ChangeVersion));
        Assert.Equal(["DisciplinaryNoticeInLast2Months", "NotConvicted", "WeaponFoundInLast12Months"], history[2].Reasons);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_verdict_time_alone_changed_is_caused_by_a_window_that_closed(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        // Counts for rule 2 ("in the last 2 months") until the end of today, and no longer.
        var prisoner = await SeedAsync(database, "W1", p => p.RecordDisciplinaryNotice(TestDay.Today.AddMonths(-2).AddDays(1), NoticeType.Other, "late for roll call"));
        await EvaluateAsync(database, prisoner.Id);

        await EvaluateAsync(database, prisoner.Id, TestDay.Noon.UtcDateTime.AddDays(1));

        var change = (await HistoryAsync(database, prisoner.Id))[^1];
        Assert.Equal("Dangerous > NotDangerous + [] - [DisciplinaryNoticeInLast2Months] WindowClosed", Describe(change));
        Assert.Equal(TestDay.Noon.UtcDateTime.AddDays(1), change.AtUtc);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_verdict_another_rule_set_changed_is_caused_by_the_rule_set_change_and_names_the_new_rule_set(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var prisoner = await SeedAsync(database, "R1", p => p.ChangeLegalStatus(LegalStatus.Remand));
        await EvaluateAsync(database, prisoner.Id);
        var withoutRule1 = new DangerEvaluator(new RuleSet(RuleCatalog.BuiltIn()).Without(["ArrivedInLast7Days", "NotConvicted"]), Calendar);

        await EvaluateAsync(database, prisoner.Id, TestDay.Noon.UtcDateTime.AddMinutes(5), withoutRule1);

        var change = (await HistoryAsync(database, prisoner.Id))[^1];
        Assert.Equal($"Dangerous > NotDangerous + [] - [NotConvicted] RuleSetChanged: {withoutRule1.RuleSet.Id}", Describe(change));
        Assert.Equal(withoutRule1.RuleSet.Id, change.RuleSet);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_change_saved_by_an_import_is_the_cause_its_unit_of_work_names(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var prisoner = await SeedAsync(database, "I1");
        await EvaluateAsync(database, prisoner.Id);

        await using (var db = database.Open())
        {
            db.RecordChangeCause = VerdictCause.Import("custody file of 2026-11-19");
            (await db.LoadPrisonerAsync("I1", Tracking.Tracked))!.ChangeLegalStatus(LegalStatus.AwaitingTrial);
            await db.SaveRecordChangesAsync();
        }

        await EvaluateAsync(database, prisoner.Id);

        Assert.Equal("NotDangerous > Dangerous + [NotConvicted] - [] Import: custody file of 2026-11-19", Describe((await HistoryAsync(database, prisoner.Id))[^1]));
    }

    /// <summary>
    /// A save writes its cause even when it equals the one it loaded: a verdict written between the load and the save
    /// left its own cause on the row, which the new version's verdict must not inherit.
    /// </summary>
    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_record_change_names_itself_even_when_a_verdict_of_another_cause_was_written_after_it_was_loaded(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var prisoner = await SeedAsync(database, "L1", p => p.RecordDisciplinaryNotice(TestDay.Today.AddMonths(-2).AddDays(1), NoticeType.Other, "late"));
        await ChangeAsync(database, "L1", p => p.RecordDisciplinaryNotice(TestDay.Today.AddYears(-3), NoticeType.Other, "long ago"));
        await EvaluateAsync(database, prisoner.Id);

        await using var change = database.Open();
        var loaded = (await change.LoadPrisonerAsync("L1", Tracking.Tracked))!;
        await EvaluateAsync(database, prisoner.Id, TestDay.Noon.UtcDateTime.AddDays(1));
        Assert.Equal("WindowClosed", await ScalarAsync(database, prisoner.Id, "verdict_cause"));
        loaded.RecordDisciplinaryNotice(TestDay.Today.AddDays(-1), NoticeType.Other, "shouting");
        await change.SaveRecordChangesAsync();
        await EvaluateAsync(database, prisoner.Id, TestDay.Noon.UtcDateTime.AddDays(1));

        var last = (await HistoryAsync(database, prisoner.Id))[^1];
        Assert.Equal(((DangerStatus?)DangerStatus.NotDangerous, DangerStatus.Dangerous), (last.FromStatus, last.ToStatus));
        Assert.Equal((VerdictCauseKind.RecordedEntry, "Added disciplinary notice"), (last.Cause, last.CauseDetail));
    }

    /// <summary>Whoever stores a verdict, the history follows: here a hand correction in SQL, beside the product's write.</summary>
    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_verdict_stored_by_any_statement_is_written_to_the_history_in_that_statement(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var prisoner = await SeedAsync(database, "S1");
        await EvaluateAsync(database, prisoner.Id);

        await database.ExecuteAsync(
            $"UPDATE prisoner SET danger_status = 'Dangerous', danger_reasons = 'EscapeHistory', verdict_cause = 'Other', verdict_cause_detail = 'corrected by hand' WHERE id = {database.Literal(prisoner.Id)}");

        Assert.Equal("NotDangerous > Dangerous + [EscapeHistory] - [] Other: corrected by hand", Describe((await HistoryAsync(database, prisoner.Id))[^1]));
        Assert.Equal("Dangerous", await ScalarAsync(database, prisoner.Id, "known_status"));
        Assert.Equal("EscapeHistory", await ScalarAsync(database, prisoner.Id, "known_reasons"));
    }

    /// <summary>
    /// Only the database moves the known verdict, so the history cannot be told a change that was not stored. PostgreSQL
    /// puts back a known verdict a writer names (its BEFORE trigger can); SQLite's BEFORE triggers cannot, so it refuses.
    /// </summary>
    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_known_verdict_named_by_a_writer_is_not_taken(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var prisoner = await SeedAsync(database, "K1");
        await EvaluateAsync(database, prisoner.Id);

        var error = await Record.ExceptionAsync(() => database.ExecuteAsync(
            $"UPDATE prisoner SET known_status = 'Dangerous', known_reasons = 'EscapeHistory' WHERE id = {database.Literal(prisoner.Id)}"));

        if (engine == Engine.Sqlite)
        {
            Assert.Contains("prisoner_known_verdict_kept", error?.Message);
        }
        else
        {
            Assert.Null(error);
        }

        Assert.Equal("NotDangerous", await ScalarAsync(database, prisoner.Id, "known_status"));
        Assert.Single(await HistoryAsync(database, prisoner.Id));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_batch_of_a_hundred_verdicts_that_all_change_is_still_one_statement_and_writes_a_hundred_changes(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using (var db = database.Open())
        {
            db.Prisons.Add(Records.Prison());
            db.Prisoners.AddRange(Enumerable.Range(1, 100).Select(n => Records.Harmless($"B{n:000}", 1, TestDay.Today.AddDays(-n))));
            await db.SaveRecordChangesAsync();
        }

        var counter = new StatementCounter();
        await using (var db = database.Open(interceptors: counter))
        {
            var prisoners = await db.LoadPrisonersAsync(await IdsAsync(database), Tracking.Untracked);
            counter.Reset();
            Assert.Equal(100, await db.WriteVerdictsAsync([.. prisoners.Select(p => Evaluated(p, TestDay.Noon.UtcDateTime))]));
        }

        Assert.Equal(1, counter.Count);
        Assert.Equal(100L, await database.ScalarAsync<long>("SELECT count(*) FROM verdict_change WHERE from_status IS NULL AND to_status = 'NotDangerous'"));

        // All of them again, every one now Dangerous (remanded): one statement still.
        await using (var db = database.Open(interceptors: counter))
        {
            foreach (var number in Enumerable.Range(1, 100).Select(n => $"B{n:000}"))
            {
                (await db.LoadPrisonerAsync(number, Tracking.Tracked))!.ChangeLegalStatus(LegalStatus.Remand);
            }

            await db.SaveRecordChangesAsync();
            var prisoners = await db.LoadPrisonersAsync(await IdsAsync(database), Tracking.Untracked);
            counter.Reset();
            Assert.Equal(100, await db.WriteVerdictsAsync([.. prisoners.Select(p => Evaluated(p, TestDay.Noon.UtcDateTime))]));
        }

        Assert.Equal(1, counter.Count);
        Assert.Equal(100L, await database.ScalarAsync<long>("SELECT count(*) FROM verdict_change WHERE from_status = 'NotDangerous' AND to_status = 'Dangerous' AND came = 'NotConvicted'"));
    }

    private static async Task<Prisoner> SeedAsync(ScratchDatabase database, string number, Action<Prisoner>? record = null)
    {
        await using var db = database.Open(new MovableClock(TestDay.Noon.AddHours(-1)));
        if (await db.Prisons.FindAsync(1) is null)
        {
            db.Prisons.Add(Records.Prison());
        }

        var prisoner = Records.Harmless(number, 1, TestDay.Today.AddDays(-30));
        record?.Invoke(prisoner);
        db.Prisoners.Add(prisoner);
        await db.SaveRecordChangesAsync();
        return prisoner;
    }

    private static async Task ChangeAsync(ScratchDatabase database, string number, Action<Prisoner> change)
    {
        await using var db = database.Open();
        change((await db.LoadPrisonerAsync(number, Tracking.Tracked))!);
        await db.SaveRecordChangesAsync();
    }

    /// <summary>What the product's evaluation does: the prisoner as loaded, its verdict and the cause that state gives.</summary>
    private static async Task EvaluateAsync(ScratchDatabase database, Guid id, DateTime? at = null, DangerEvaluator? evaluator = null)
    {
        await using var db = database.Open();
        var prisoner = (await db.LoadPrisonersAsync([id], Tracking.Untracked)).Single();
        Assert.Equal(1, await db.WriteVerdictsAsync([Evaluated(prisoner, at ?? TestDay.Noon.UtcDateTime, evaluator)]));
    }

    private static EvaluatedPrisoner Evaluated(Prisoner prisoner, DateTime at, DangerEvaluator? evaluator = null)
    {
        var rules = evaluator ?? Evaluator;
        return new(prisoner.Id, prisoner.ChangeVersion, rules.Evaluate(prisoner, at), VerdictCause.OfReevaluation(prisoner, rules.RuleSet.Id, at));
    }

    private static async Task<IReadOnlyList<VerdictChange>> HistoryAsync(ScratchDatabase database, Guid id)
    {
        await using var db = database.Open();
        return [.. (await db.VerdictHistoryAsync(id)).Changes.Reverse()];
    }

    private static async Task<List<Guid>> IdsAsync(ScratchDatabase database) =>
        [.. (await database.RowsAsync("SELECT id FROM prisoner")).Select(r => Guid.Parse(r[0]))];

    private static async Task<string?> ScalarAsync(ScratchDatabase database, Guid id, string column) =>
        await database.ScalarAsync<string>($"SELECT {column} FROM prisoner WHERE id = {database.Literal(id)}");

    private static string Describe(VerdictChange c) =>
        $"{c.FromStatus?.ToString() ?? "-"} > {c.ToStatus} + [{string.Join(' ', c.Came)}] - [{string.Join(' ', c.Went)}] {c.Cause}{(c.CauseDetail is null ? "" : $": {c.CauseDetail}")}";
}
