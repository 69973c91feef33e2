using Microsoft.EntityFrameworkCore;
using Prison.Db.Reads;
using Prison.Db.RuleSettings;
using Prison.Db.Writes;
using Prison.Db.Tests.Writes;
using Prison.Domain;
using Prison.Domain.Record;
using static Prison.Testing.SeededPrison;

namespace Prison.Db.Tests.Reads;

/// <summary>
/// "Coming up" is counted at write time (prison_coming_up, migration 026) by the triggers that keep the counts by
/// status: whatever writes, and however the writes race, the kept rows must equal the forecasts of the current stays
/// (KeptCounts.MismatchesAsync, what `worker verify` checks), and a count put wrong by hand is found and put right.
/// </summary>
public class KeptComingUpCountsTests
{
    private static readonly DateTime InAMonth = TestDay.Noon.UtcDateTime.AddDays(31);

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task The_kept_coming_up_counts_equal_the_forecasts_of_the_current_stays_after_every_kind_of_write(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var prisoners = await SeedAsync(database, count: 8);
        await AssertKeptAsync(database, "admissions, no verdict yet");

        await EvaluateAsync(database, prisoners);
        await AssertKeptAsync(database, "first verdicts with their forecasts");
        await using (var db = database.Open())
        {
            Assert.Equal(new Dictionary<int, int> { [1] = 2, [2] = 4 }, await db.ComingUpCountsAsync([1, 2, 3], InAMonth));
            Assert.Equal(2, (await db.DashboardAsync(1, default, InAMonth)).ComingUp);
        }

        await EvaluateAsync(database, prisoners);
        await AssertKeptAsync(database, "the same verdicts again");

        await ChangeAsync(database, prisoners[0], p => p.Transfer(prisonId: 2, TestDay.Today.AddDays(-1), forDisciplinaryReasons: false));
        await EvaluateAsync(database, prisoners);
        await AssertKeptAsync(database, "a transfer, then its verdict");

        // A hearing moved: the forecast moves to another instant with the same status.
        await ChangeAsync(database, prisoners[2], p => p.ScheduleCourtHearing(TestDay.Today.AddDays(16), "Court moved"));
        await AssertKeptAsync(database, "a change clearing a verdict and its forecast");
        await EvaluateAsync(database, prisoners);
        await AssertKeptAsync(database, "the changed prisoner's new forecast");

        await ChangeAsync(database, prisoners[3], p => p.Release(TestDay.Today));
        await AssertKeptAsync(database, "a release");
        await EvaluateAsync(database, prisoners);
        await AssertKeptAsync(database, "a released prisoner's verdict");

        await ChangeAsync(database, prisoners[4], p => p.StrikeOut(p.CurrentStay!.Id, new Strike(TestDay.Noon.UtcDateTime, "clerk", "entered in error")));
        await EvaluateAsync(database, prisoners);
        await AssertKeptAsync(database, "a current stay struck out");

        await ChangeAsync(database, prisoners[3], p => p.Admit(prisonId: 3, TestDay.Today));
        await EvaluateAsync(database, prisoners);
        await AssertKeptAsync(database, "a released prisoner admitted again elsewhere");

        await using (var db = database.Open())
        {
            await db.Database.ExecuteSqlRawAsync("DELETE FROM prisoner WHERE number = {0}", prisoners[5].Number);
        }

        await AssertKeptAsync(database, "a prisoner deleted in SQL, its stays by the cascade");

        // Another rule set in force: the kept rows of the old one stay, and no read counts them.
        await using (var db = database.Open())
        {
            await db.RecordRuleSetInForceAsync(Evaluator.RuleSet.Id, TestDay.Noon.UtcDateTime);
            Assert.NotEmpty(await db.ComingUpCountsAsync([1, 2, 3], InAMonth));
            await db.RecordRuleSetInForceAsync("0123456789abcdef", TestDay.Noon.UtcDateTime);
            Assert.Empty(await db.ComingUpCountsAsync([1, 2, 3], InAMonth));
            Assert.Equal(0, (await db.DashboardAsync(1, default, InAMonth)).ComingUp);
        }

        await AssertKeptAsync(database, "a new rule set in force");
    }

    /// <summary>
    /// Changers move hearings (each version its own forecast, at another instant or none) as fast as they can while two evaluators store the
    /// verdicts and forecasts (what the worker's consumer does); then the kept rows are checked over all the data.
    /// </summary>
    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Changes_racing_verdict_writes_leave_the_kept_coming_up_counts_exact(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var prisoners = await SeedAsync(database, count: 6);
        await RacingChanges.RunAsync(database, prisoners, changesEach: 16, batchSize: 4, Evaluator.RuleSet.Id, (loaded, n) =>
                // Hearings 15 to 30 days ahead: each new earliest one moves the forecast to an earlier instant.
                loaded.ScheduleCourtHearing(TestDay.Today.AddDays(30 - (n * 7 % 16)), $"court {n}"),
            Evaluated);

        await AssertKeptAsync(database, "the race");
        await using var db = database.Open();
        Assert.NotEmpty(await db.ComingUpCountsAsync([1, 2, 3], InAMonth));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_kept_count_put_wrong_by_hand_is_found_and_put_right(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var prisoners = await SeedAsync(database, count: 8);
        await EvaluateAsync(database, prisoners);
        await database.ExecuteAsync("UPDATE prison_coming_up SET prisoners = prisoners + 3 WHERE prison_id = 1");
        await database.ExecuteAsync("DELETE FROM prison_coming_up WHERE prison_id = 2");
        await database.ExecuteAsync("UPDATE prison_status_count SET dangerous = dangerous - 1 WHERE prison_id = 2 AND stripe = (SELECT min(stripe) FROM prison_status_count WHERE prison_id = 2)");
        var rows = await database.RowsAsync("SELECT number FROM prison_forecast ORDER BY number");
        await database.ExecuteAsync($"DELETE FROM prison_forecast WHERE number = '{rows[0][0]}'");
        await database.ExecuteAsync($"UPDATE prison_forecast SET prison_id = 3 WHERE number = '{rows[1][0]}'");

        await using var db = database.Open();
        var found = await db.MismatchesAsync();
        var fixedCounts = await db.FixMismatchesAsync();

        Assert.Contains(found, m => m.PrisonId == 1 && m.What.StartsWith("coming up at ", StringComparison.Ordinal) && m.Kept == m.Actual + 3);
        Assert.Contains(found, m => m.PrisonId == 2 && m.What.StartsWith("coming up at ", StringComparison.Ordinal) && m.Kept == 0);
        Assert.Contains(new KeptCountMismatch(2, "Dangerous", -1, 0), found);
        Assert.Contains(new KeptCountMismatch(found.Single(m => m.What == $"Coming up page row of {rows[0][0]}").PrisonId, $"Coming up page row of {rows[0][0]}", 0, 1), found);
        Assert.Contains(new KeptCountMismatch(3, $"Coming up page row of {rows[1][0]}", 1, 0), found);
        Assert.Single(found, m => m.What == $"Coming up page row of {rows[1][0]}" && m.PrisonId != 3 && m.Kept == 0 && m.Actual == 1);
        Assert.True(fixedCounts >= 6, $"{fixedCounts} counts and rows put right");
        Assert.Empty(await db.MismatchesAsync());
        Assert.Equal(await db.ComingUpCountsFromForecastsAsync([1, 2], InAMonth), await db.ComingUpCountsAsync([1, 2], InAMonth));
    }

    /// <summary>
    /// Prisoners C001.. held alternately at prisons 1 and 2 (3 stays empty); C00n has a hearing 14 + n days ahead, so
    /// its verdict turns Dangerous n days from now; every fourth has none and no forecast.
    /// </summary>
    private static async Task<List<Prisoner>> SeedAsync(ScratchDatabase database, int count)
    {
        await using var db = database.Open();
        db.Prisons.AddRange(Records.Prison(1), Records.Prison(2), Records.Prison(3));
        var prisoners = Enumerable.Range(1, count).Select(n =>
        {
            var prisoner = Records.Harmless($"C{n:000}", prisonId: 1 + (n % 2), TestDay.Today.AddDays(-30 - n));
            if (n % 4 != 0)
            {
                prisoner.ScheduleCourtHearing(TestDay.Today.AddDays(14 + n), $"Court {n}");
            }

            return prisoner;
        }).ToList();
        db.Prisoners.AddRange(prisoners);
        await db.SaveRecordChangesAsync();
        return prisoners;
    }

    private static async Task EvaluateAsync(ScratchDatabase database, IReadOnlyList<Prisoner> prisoners)
    {
        await using var db = database.Open();
        var loaded = await db.LoadPrisonersAsync([.. prisoners.Select(p => p.Id)], Tracking.Untracked);
        await db.WriteVerdictsAsync([.. loaded.Select(Evaluated)]);
    }

    private static async Task ChangeAsync(ScratchDatabase database, Prisoner prisoner, Action<Prisoner> change)
    {
        await using var db = database.Open();
        var loaded = (await db.LoadPrisonerAsync(prisoner.Number, Tracking.Tracked))!;
        change(loaded);
        await db.SaveRecordChangesAsync();
    }

    private static async Task AssertKeptAsync(ScratchDatabase database, string after)
    {
        await using var db = database.Open();
        var mismatches = await db.MismatchesAsync();
        Assert.True(mismatches.Count == 0, $"after {after}: {string.Join("; ", mismatches)}");
        Assert.Equal(await db.ComingUpCountsFromForecastsAsync([1, 2, 3], InAMonth), await db.ComingUpCountsAsync([1, 2, 3], InAMonth));
    }
}
