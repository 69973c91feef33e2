using Prison.Db.Reads;
using Prison.Db.Writes;
using Prison.Domain;
using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Db.Tests.Writes;

public class VerdictWritesTests
{
    private static readonly DangerEvaluator Evaluator = new(new RuleSet(RuleCatalog.BuiltIn()).Without(["ArrivedInLast7Days"]), new PrisonCalendar(TimeZoneInfo.Utc));

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Any_number_of_verdicts_are_stored_in_one_statement(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var prisoners = await SaveAsync(database, 50);
        var counter = new StatementCounter();
        await using var db = database.Open(interceptors: counter);

        var one = await db.WriteVerdictsAsync([Evaluated(prisoners[0])]);
        var rest = await db.WriteVerdictsAsync(prisoners.Skip(1).Select(Evaluated).ToList());

        Assert.Equal(2, counter.Count);
        Assert.Equal(1, one);
        Assert.Equal(49, rest);
        Assert.Equal(50, await database.ScalarAsync<long>("SELECT COUNT(*) FROM prisoner WHERE danger_status <> 'Unknown'"));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_verdict_for_an_older_version_stores_nothing(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var prisoner = (await SaveAsync(database, 1)).Single();
        var stale = Evaluated(prisoner);
        await using (var db = database.Open())
        {
            var current = await db.LoadPrisonerAsync(prisoner.Number, Tracking.Tracked);
            current!.RecordDisciplinaryNotice(TestDay.Today, NoticeType.Weapon, "a blade in the cell");
            await db.SaveRecordChangesAsync();
        }

        await using var writer = database.Open();
        var stored = await writer.WriteVerdictsAsync([stale]);

        Assert.Equal(0, stored);
        var status = (await writer.StatusesAsync([prisoner.Id])).Single();
        Assert.Equal(DangerStatus.Unknown, status.Status);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Instants_come_back_as_the_same_utc_instants(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var clock = new MovableClock(new DateTimeOffset(2026, 3, 29, 1, 30, 15, 123, TimeSpan.Zero));
        Prisoner prisoner;
        await using (var db = database.Open(clock))
        {
            db.Prisons.Add(Records.Prison());
            prisoner = Records.Harmless("UTC1", 1, TestDay.Today);
            prisoner.Segregate(TestDay.Today, "fighting");
            db.Prisoners.Add(prisoner);
            await db.SaveRecordChangesAsync();
            await db.WriteVerdictsAsync([new EvaluatedPrisoner(prisoner.Id, prisoner.ChangeVersion, Evaluator.Evaluate(prisoner, TestDay.Noon.UtcDateTime))]);
        }

        await using var read = database.Open();
        var loaded = await read.LoadPrisonerAsync("UTC1", Tracking.Tracked);
        var changedAt = read.Entry(loaded!).Property<DateTime>(Prison.Db.Mappings.PrisonerConfiguration.ChangedAt).CurrentValue;

        Assert.Equal(DangerStatus.Dangerous, loaded!.DangerStatus);
        Assert.Equal(["CurrentlySegregated"], loaded.DangerReasons);
        Assert.Equal(TestDay.Noon.UtcDateTime, loaded.EvaluatedAtUtc);
        Assert.Equal(DateTimeKind.Utc, loaded.EvaluatedAtUtc!.Value.Kind);
        Assert.Null(loaded.ReevaluateAtUtc);
        Assert.Equal(clock.GetUtcNow().UtcDateTime, changedAt);
        Assert.Equal(DateTimeKind.Utc, changedAt.Kind);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task The_facts_behind_each_fired_rule_are_stored_with_the_verdict(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        Prisoner prisoner;
        await using (var db = database.Open())
        {
            db.Prisons.Add(Records.Prison());
            prisoner = Records.Harmless("F1", 1, TestDay.Today.AddDays(-30));
            prisoner.RecordDisciplinaryNotice(TestDay.Today.AddDays(-3), NoticeType.Weapon, "a blade in the cell");
            db.Prisoners.Add(prisoner);
            await db.SaveRecordChangesAsync();
            await db.WriteVerdictsAsync([Evaluated(prisoner)]);
        }

        await using var read = database.Open();
        var loaded = await read.LoadPrisonerAsync("F1", Tracking.Tracked);
        var facts = RuleFacts.FromJson(read.Entry(loaded!).Property<string>(Prison.Db.Mappings.PrisonerConfiguration.DangerFacts).CurrentValue);

        Assert.Equal(["DisciplinaryNoticeInLast2Months", "WeaponFoundInLast12Months"], facts.Select(f => f.Code));
        Assert.All(facts, f => Assert.Contains("a blade in the cell", Assert.Single(f.Facts)));
        Assert.NotNull(loaded!.ReevaluateAtUtc);
    }

    private static EvaluatedPrisoner Evaluated(Prisoner prisoner) =>
        new(prisoner.Id, prisoner.ChangeVersion, Evaluator.Evaluate(prisoner, TestDay.Noon.UtcDateTime));

    private static async Task<IReadOnlyList<Prisoner>> SaveAsync(ScratchDatabase database, int count)
    {
        await using var db = database.Open();
        db.Prisons.Add(Records.Prison());
        var prisoners = Enumerable.Range(1, count).Select(n => Records.Harmless($"W{n:000}", 1, TestDay.Today.AddDays(-n))).ToList();
        db.Prisoners.AddRange(prisoners);
        await db.SaveRecordChangesAsync();
        return prisoners;
    }
}
