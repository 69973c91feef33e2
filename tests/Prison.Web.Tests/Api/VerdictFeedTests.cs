using Npgsql;
using Prison.Db;
using Prison.Db.History;
using Prison.Db.Reads;
using Prison.Db.Writes;
using Prison.Domain;
using Prison.Domain.Evaluation;
using Prison.Domain.Record;
using Prison.Web.Api;

namespace Prison.Web.Tests.Api;

/// <summary>
/// The API's feed of a prison's verdict changes (migration 034): in the order they became visible, from a cursor,
/// never passing a change that commits later, never repeating one.
/// </summary>
public class VerdictFeedTests
{
    private static readonly DangerEvaluator Evaluator = new(new RuleSet(RuleCatalog.BuiltIn()).Without(["ArrivedInLast7Days"]), new PrisonCalendar(TimeZoneInfo.Utc));

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task The_feed_gives_each_change_once_in_order_and_its_cursor_continues_after_the_last(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var ids = await SeedAsync(database, "C1", "C2", "C3");
        foreach (var id in ids)
        {
            await EvaluateAsync(database, id);
        }

        await using var db = database.Open();

        // On PostgreSQL the feed waits for every older write transaction of the server to end, another database's too.
        await Eventually.Async(() => db.VerdictFeedAsync(1, (0, 0), 10), rows => rows.Count == 3, "the three changes in the feed", TimeSpan.FromMinutes(2));
        var first = await db.VerdictFeedAsync(1, (0, 0), 2);
        var rest = await db.VerdictFeedAsync(1, Cursor(first[^1]), 2);
        var none = await db.VerdictFeedAsync(1, Cursor(rest[^1]), 2);

        Assert.Equal(["C1", "C2", "C3"], [.. first.Concat(rest).Select(r => r.Number)]);
        Assert.All(first.Concat(rest), r => Assert.Equal("Dangerous", r.ToStatus));
        Assert.Empty(none);
        Assert.Empty(await db.VerdictFeedAsync(2, (0, 0), 10));
    }

    [Fact]
    public async Task A_change_committed_while_an_earlier_one_is_still_uncommitted_waits_behind_it_in_the_feed()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        var ids = await SeedAsync(database, "E1", "L1");

        // The earlier writer: its change is written, and its transaction stays open.
        await using var earlier = new NpgsqlConnection(database.ConnectionString);
        await earlier.OpenAsync();
        await using var open = await earlier.BeginTransactionAsync();
        await using (var insert = new NpgsqlCommand(
            $"INSERT INTO verdict_change (prisoner_id, prison_id, at, from_status, to_status, reasons, came, went, cause, change_version, rule_set) "
            + $"VALUES ('{ids[0]}', 1, now(), NULL, 'Dangerous', 'NotConvicted', 'NotConvicted', '', 'Other', 1, 'x')", earlier, open))
        {
            await insert.ExecuteNonQueryAsync();
        }

        // A later writer commits its change first.
        await EvaluateAsync(database, ids[1]);
        await using var db = database.Open();
        Assert.Empty(await db.VerdictFeedAsync(1, (0, 0), 10));

        await open.CommitAsync();
        var feed = await Eventually.Async(() => db.VerdictFeedAsync(1, (0, 0), 10), rows => rows.Count == 2, "both changes in the feed", TimeSpan.FromMinutes(2));
        Assert.Equal(["E1", "L1"], [.. feed.Select(r => r.Number)]);
    }

    private static (long, long) Cursor(VerdictFeedRow row) => VerdictFeedReads.TryParseCursor(row.Cursor, out var cursor) ? cursor : throw new InvalidOperationException(row.Cursor);

    private static async Task<List<Guid>> SeedAsync(ScratchDatabase database, params string[] numbers)
    {
        await using var db = database.Open(new MovableClock(TestDay.Noon.AddHours(-1)));
        db.Prisons.AddRange(Records.Prison(1), Records.Prison(2));
        var prisoners = numbers.Select(n => Records.Harmless(n, 1, TestDay.Today.AddDays(-30))).ToList();
        prisoners.ForEach(p => p.ChangeLegalStatus(LegalStatus.Remand));
        db.Prisoners.AddRange(prisoners);
        await db.SaveRecordChangesAsync();
        return [.. prisoners.Select(p => p.Id)];
    }

    private static async Task EvaluateAsync(ScratchDatabase database, Guid id)
    {
        await using var db = database.Open();
        var prisoner = (await db.LoadPrisonersAsync([id], Tracking.Untracked)).Single();
        var at = TestDay.Noon.UtcDateTime;
        Assert.Equal(1, await db.WriteVerdictsAsync([new EvaluatedPrisoner(prisoner.Id, prisoner.ChangeVersion, Evaluator.Evaluate(prisoner, at), VerdictCause.OfReevaluation(prisoner, Evaluator.RuleSet.Id, at))]));
    }
}
