using Microsoft.EntityFrameworkCore;
using Prison.Db.Forms;
using Prison.Db.Reads;
using Prison.Domain.Record;

namespace Prison.Db.Tests.Forms;

/// <summary>
/// A recording form's one-time token (migration 015) is saved in the transaction of the entry it saved, under a
/// primary key: of two saves carrying one token, only one commits, and nothing of the other remains.
/// </summary>
public class FormSubmissionTests
{
    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Two_saves_of_one_token_commit_one_entry_and_the_second_leaves_nothing(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await SeedAsync(database, "F001", "F002");
        var versions = await VersionsAsync(database);
        var token = Guid.NewGuid();

        // Two prisoners, so that the prisoner's version does not refuse the second save: only the token can.
        await using (var first = database.Open())
        {
            await RecordAsync(first, "F001", token, "the first post");
        }

        await using var second = database.Open();
        await Assert.ThrowsAnyAsync<DbUpdateException>(() => RecordAsync(second, "F002", token, "the second post"));

        Assert.Equal(1L, await database.ScalarAsync<long>("SELECT count(*) FROM disciplinary_notice"));
        Assert.Equal(1L, await database.ScalarAsync<long>("SELECT count(*) FROM disciplinary_notice WHERE description = 'the first post'"));
        Assert.Equal(1L, await database.ScalarAsync<long>($"SELECT count(*) FROM form_submission WHERE token = {database.Literal(token)}"));
        Assert.Equal([versions[0] + 1, versions[1]], await VersionsAsync(database));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Saves_of_one_token_racing_each_other_commit_exactly_one_entry(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var numbers = Enumerable.Range(1, 8).Select(n => $"R{n:000}").ToArray();
        await SeedAsync(database, numbers);
        var versions = await VersionsAsync(database);

        // Each token is saved by two units of work at once, each on a prisoner of its own.
        var tokens = Enumerable.Range(0, numbers.Length / 2).Select(_ => Guid.NewGuid()).ToArray();
        var outcomes = await Task.WhenAll(numbers.Select(async (number, n) =>
        {
            await using var db = database.Open();
            try
            {
                await RecordAsync(db, number, tokens[n / 2], $"post {n}");
                return true;
            }
            catch (DbUpdateException)
            {
                return false;
            }
        }));

        Assert.Equal(tokens.Length, outcomes.Count(saved => saved));
        Assert.Equal(tokens.Length, await database.ScalarAsync<long>("SELECT count(*) FROM disciplinary_notice"));
        Assert.Equal(tokens.Length, await database.ScalarAsync<long>("SELECT count(*) FROM form_submission"));
        Assert.Equal(outcomes.Select(saved => saved ? 1 : 0), (await VersionsAsync(database)).Zip(versions).Select(v => (int)(v.First - v.Second)));
    }

    private static async Task RecordAsync(PrisonDb db, string number, Guid token, string description)
    {
        var prisoner = (await db.LoadPrisonerAsync(number, Tracking.Tracked))!;
        prisoner.RecordDisciplinaryNotice(TestDay.Today, NoticeType.Weapon, description);
        db.FormSubmissions.Add(new FormSubmission(token, prisoner.Id, "disciplinary-notice", TestDay.Noon.UtcDateTime));
        await db.SaveRecordChangesAsync();
    }

    /// <summary>Each prisoner's change version, in the order of their numbers.</summary>
    private static async Task<long[]> VersionsAsync(ScratchDatabase database) =>
        [.. (await database.RowsAsync("SELECT change_version FROM prisoner ORDER BY number")).Select(row => long.Parse(row[0], System.Globalization.CultureInfo.InvariantCulture))];

    private static async Task SeedAsync(ScratchDatabase database, params string[] numbers)
    {
        await using var db = database.Open();
        db.Prisons.Add(Records.Prison());
        db.Prisoners.AddRange(numbers.Select(number => Records.Harmless(number, 1, TestDay.Today.AddDays(-10))));
        await db.SaveRecordChangesAsync();
    }
}
