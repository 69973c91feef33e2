using Prison.Runtime.Evaluation;

namespace Prison.Worker.Tests.Evaluation;

/// <summary>
/// Changes are evaluated a hundred at a time: a prisoner the rules throw for must not keep the others of its batch
/// Unknown, or the sweeper would publish them again with it, and they would fail with it again, for ever.
/// </summary>
public class FailingRuleTests
{
    private static readonly DateOnly Today = new(2026, 11, 20);
    private static readonly MovableClock Clock = new(new DateTimeOffset(2026, 11, 20, 12, 0, 0, TimeSpan.Zero));

    public static TheoryData<Engine> Engines => [Engine.PostgreSql, Engine.Sqlite];

    [Theory]
    [MemberData(nameof(Engines))]
    public async Task A_prisoner_the_rules_throw_for_is_named_and_the_others_of_its_batch_get_their_verdicts(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var prisoners = new[] { "F1", "F2", "F3" }.Select(n => Records.Harmless(n, 1, Today.AddDays(-30))).ToArray();
        await using (var db = database.Open(Clock))
        {
            db.Prisons.Add(Records.Prison());
            db.Prisoners.AddRange(prisoners);
            await db.SaveRecordChangesAsync();
        }

        var rules = TestRules.Current(new ThrowsForOnePrisoner("F2"));
        EvaluationFailedException error;
        await using (var db = database.Open(Clock))
        {
            error = await Assert.ThrowsAsync<EvaluationFailedException>(
                () => new PrisonerReevaluation(db, rules, Clock).ReevaluateAsync(prisoners.Select(p => p.Id).ToList(), CancellationToken.None));
        }

        Assert.Equal(prisoners[1].Id, Assert.Single(error.Failures).PrisonerId);
        Assert.Contains("cannot read F2's record", error.Message);
        var statuses = await database.RowsAsync("SELECT number, danger_status FROM prisoner ORDER BY number");
        Assert.Equal(new[] { new[] { "F1", "NotDangerous" }, ["F2", "Unknown"], ["F3", "NotDangerous"] }, statuses);
    }
}
