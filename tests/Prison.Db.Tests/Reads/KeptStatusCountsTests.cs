using Microsoft.EntityFrameworkCore;
using Prison.Db.Reads;
using Prison.Db.Writes;
using Prison.Domain;
using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Db.Tests.Reads;

/// <summary>
/// The counts by status the dashboard reads are kept by triggers (prison_status_count, migration 009); whatever
/// writes, they must equal the counts computed from the current stays (StatusCountsFromStaysAsync).
/// </summary>
public class KeptStatusCountsTests
{
    private static readonly int[] PrisonIds = [1, 2, 3];

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task The_kept_counts_equal_the_counts_from_the_stays_after_every_kind_of_write(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using (var db = database.Open())
        {
            db.Prisons.AddRange(PrisonIds.Select(Records.Prison));
            db.Prisoners.AddRange(Enumerable.Range(1, 6).Select(n => Records.Harmless(Number(n), prisonId: 1, TestDay.Today.AddDays(-10 - n))));
            db.Prisoners.AddRange(Enumerable.Range(7, 4).Select(n => Records.Harmless(Number(n), prisonId: 2, TestDay.Today.AddDays(-10 - n))));
            db.Prisoners.Add(new Prisoner(Number(11), "Never admitted", null, LegalStatus.Remand));
            await db.SaveRecordChangesAsync();
        }

        await AssertKeptAsync(database, "admissions");
        await AssertCountsAsync(database, prisonId: 1, new StatusCounts(0, 0, 6));

        // Prisoners of both prisons, and one without a stay, in one statement.
        await WriteVerdictsAsync(database, new()
        {
            [1] = DangerStatus.Dangerous, [2] = DangerStatus.Dangerous, [3] = DangerStatus.NotDangerous, [4] = DangerStatus.NotDangerous,
            [7] = DangerStatus.Dangerous, [8] = DangerStatus.NotDangerous, [9] = DangerStatus.NotDangerous, [11] = DangerStatus.Dangerous,
        });
        await AssertKeptAsync(database, "verdicts over two prisons in one statement");
        await AssertCountsAsync(database, prisonId: 1, new StatusCounts(2, 2, 2));
        await AssertCountsAsync(database, prisonId: 2, new StatusCounts(1, 2, 1));

        // The same statuses again: nothing moves.
        await WriteVerdictsAsync(database, new() { [1] = DangerStatus.Dangerous, [3] = DangerStatus.NotDangerous });
        await AssertKeptAsync(database, "verdicts that change no status");

        await ChangeAsync(database, Number(1), p => p.Transfer(prisonId: 2, TestDay.Today.AddDays(-5), forDisciplinaryReasons: false));
        await AssertKeptAsync(database, "a transfer of a dangerous prisoner");
        await AssertCountsAsync(database, prisonId: 1, new StatusCounts(1, 2, 2));
        await AssertCountsAsync(database, prisonId: 2, new StatusCounts(1, 2, 2));

        await ChangeAsync(database, Number(3), p => p.Release(TestDay.Today.AddDays(-4)));
        await AssertKeptAsync(database, "a release");

        await WriteVerdictsAsync(database, new() { [1] = DangerStatus.Dangerous, [3] = DangerStatus.Dangerous, [7] = DangerStatus.NotDangerous });
        await AssertKeptAsync(database, "verdicts for a transferred, a released and a held prisoner");

        await ChangeAsync(database, Number(8), p => p.StrikeOut(p.CurrentStay!.Id, Strike()));
        await AssertKeptAsync(database, "a current stay struck out");
        await AssertCountsAsync(database, prisonId: 2, new StatusCounts(1, 2, 1));

        await ChangeAsync(database, Number(1), p => p.StrikeOut(p.Stays.Single(i => !i.IsCurrent).Id, Strike()));
        await AssertKeptAsync(database, "an ended stay struck out");
        await AssertCountsAsync(database, prisonId: 2, new StatusCounts(0, 2, 2));

        await ChangeAsync(database, Number(9), p => p.RecordPastStay(prisonId: 3, TestDay.Today.AddYears(-3), TestDay.Today.AddYears(-2), ArrivalReason.NewReception));
        await AssertKeptAsync(database, "a past stay");

        await ChangeAsync(database, Number(3), p => p.Admit(prisonId: 3, TestDay.Today.AddDays(-1)));
        await ChangeAsync(database, Number(11), p => p.Admit(prisonId: 3, TestDay.Today));
        await AssertKeptAsync(database, "admissions of a released and a new prisoner");

        await WriteVerdictsAsync(database, new() { [3] = DangerStatus.Dangerous, [11] = DangerStatus.Dangerous, [2] = DangerStatus.NotDangerous });
        await AssertKeptAsync(database, "verdicts over three prisons");
        await AssertCountsAsync(database, prisonId: 3, new StatusCounts(2, 0, 0));

        // Any change of the record sets the prisoner back to Unknown.
        await ChangeAsync(database, Number(3), p => p.RecordDrugTest(TestDay.Today, DrugTestResult.Refused));
        await AssertKeptAsync(database, "a change setting a prisoner back to Unknown");
        await AssertCountsAsync(database, prisonId: 3, new StatusCounts(1, 0, 1));

        // Deleted through EF Core, which deletes the tracked stays first, then the prisoner.
        await using (var db = database.Open())
        {
            db.Prisoners.Remove((await db.LoadPrisonerAsync(Number(2), Tracking.Tracked))!);
            await db.SaveChangesAsync();
        }

        await AssertKeptAsync(database, "a prisoner deleted with its stays by EF Core");

        // Deleted in SQL: the database deletes the stays (ON DELETE CASCADE), after the prisoner.
        await using (var db = database.Open())
        {
            await db.Database.ExecuteSqlRawAsync("DELETE FROM prisoner WHERE number IN ({0}, {1})", Number(7), Number(11));
        }

        await AssertKeptAsync(database, "prisoners deleted in SQL, their stays by the cascade");
        await AssertCountsAsync(database, prisonId: 3, new StatusCounts(0, 0, 1));
    }

    [Fact]
    public async Task On_postgresql_concurrent_verdict_writes_over_the_same_prisons_neither_deadlock_nor_lose_counts()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        List<Prisoner> first;
        List<Prisoner> second;
        await using (var db = database.Open())
        {
            db.Prisons.AddRange(Records.Prison(1), Records.Prison(2));
            var all = Enumerable.Range(1, 96).Select(n => Records.Harmless(Number(n), prisonId: 1 + n % 2, TestDay.Today.AddDays(-n))).ToList();
            db.Prisoners.AddRange(all);
            await db.SaveRecordChangesAsync();
            first = all.Where((_, i) => i % 4 < 2).OrderBy(p => p.CurrentStay!.PrisonId).ToList();
            second = all.Where((_, i) => i % 4 >= 2).OrderByDescending(p => p.CurrentStay!.PrisonId).ToList();
        }

        // Two transactions held open, each over both prisons, their prisoners in opposite orders: the second waits
        // for the first's rows, then goes on once it commits.
        // Under the execution strategy, as every transaction on PostgreSQL must be (the product's retry on transient faults).
        await using (var one = database.Open())
        await using (var two = database.Open())
        {
            await one.Database.CreateExecutionStrategy().ExecuteAsync(async () =>
            {
                await using var oneTransaction = await one.Database.BeginTransactionAsync();
                await using var twoTransaction = await two.Database.BeginTransactionAsync();
                Assert.Equal(first.Count, await one.WriteVerdictsAsync(Verdicts(first, DangerStatus.Dangerous)));
                var write = two.WriteVerdictsAsync(Verdicts(second, DangerStatus.NotDangerous));
                await Task.Delay(300);
                Assert.False(write.IsCompleted, "The second write should wait for the first's rows of prison_status_count.");

                await oneTransaction.CommitAsync();
                Assert.Equal(second.Count, await write);
                await twoTransaction.CommitAsync();
            });
        }

        await AssertKeptAsync(database, "two transactions held open", prisonIds: [1, 2]);
        await AssertCountsAsync(database, prisonId: 1, new StatusCounts(24, 24, 0));

        // Statements running at the same time, each flipping its prisoners in the opposite order of the other's.
        async Task FlipAsync(List<Prisoner> prisoners, int rounds)
        {
            await using var db = database.Open();
            for (var round = 0; round < rounds; round++)
            {
                var status = round % 2 == 0 ? DangerStatus.NotDangerous : DangerStatus.Dangerous;
                Assert.Equal(prisoners.Count, await db.WriteVerdictsAsync(Verdicts(prisoners, status)));
            }
        }

        await Task.WhenAll(FlipAsync(first, rounds: 41), FlipAsync(second, rounds: 40));

        await AssertKeptAsync(database, "concurrent statements", prisonIds: [1, 2]);
        await AssertCountsAsync(database, prisonId: 2, new StatusCounts(24, 24, 0));
    }

    [Fact]
    public async Task On_postgresql_a_stay_recorded_while_its_prisoners_verdict_is_uncommitted_counts_at_the_status_that_commits()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        var prisoner = new Prisoner(Number(1), "Not yet admitted", null, LegalStatus.Convicted);
        await using (var db = database.Open())
        {
            db.Prisons.Add(Records.Prison(1));
            db.Prisoners.Add(prisoner);
            await db.SaveRecordChangesAsync();
        }

        await using var worker = database.Open();
        await worker.Database.CreateExecutionStrategy().ExecuteAsync(async () =>
        {
            await using var transaction = await worker.Database.BeginTransactionAsync();
            await worker.WriteVerdictsAsync(Verdicts([prisoner], DangerStatus.Dangerous));

            // A stay written in SQL, without the prisoner's update that every change through the aggregate also makes.
            var admission = database.ExecuteAsync($"""
                INSERT INTO imprisonment (id, prisoner_id, prison_id, arrival_date, arrival_reason)
                VALUES ('{Guid.NewGuid()}', '{prisoner.Id}', 1, DATE '{TestDay.Today:yyyy-MM-dd}', 'NewReception')
                """);
            await Task.Delay(300);
            await transaction.CommitAsync();
            await admission;
        });

        await AssertKeptAsync(database, "a stay racing a verdict", prisonIds: [1]);
        await AssertCountsAsync(database, prisonId: 1, new StatusCounts(1, 0, 0));
    }

    private static string Number(int n) => $"K{n:000}";

    private static Strike Strike() => new(TestDay.Noon.UtcDateTime, "clerk", "entered in error");

    private static async Task ChangeAsync(ScratchDatabase database, string number, Action<Prisoner> change)
    {
        await using var db = database.Open();
        var prisoner = await db.LoadPrisonerAsync(number, Tracking.Tracked);
        change(prisoner!);
        await db.SaveRecordChangesAsync();
    }

    /// <summary>Verdicts for the current versions of the numbered prisoners, stored in one statement.</summary>
    private static async Task WriteVerdictsAsync(ScratchDatabase database, Dictionary<int, DangerStatus> statuses)
    {
        await using var db = database.Open();
        var numbers = statuses.Keys.Select(Number).ToList();
        var prisoners = await db.Prisoners.AsNoTracking().Where(p => numbers.Contains(p.Number)).Select(p => new { p.Id, p.Number, p.ChangeVersion }).ToListAsync();
        var verdicts = prisoners
            .Select(p => new EvaluatedPrisoner(p.Id, p.ChangeVersion, Verdict(statuses[int.Parse(p.Number[1..], System.Globalization.CultureInfo.InvariantCulture)])))
            .ToList();
        Assert.Equal(verdicts.Count, await db.WriteVerdictsAsync(verdicts));
    }

    private static List<EvaluatedPrisoner> Verdicts(IEnumerable<Prisoner> prisoners, DangerStatus status) =>
        prisoners.Select(p => new EvaluatedPrisoner(p.Id, p.ChangeVersion, Verdict(status))).ToList();

    private static Verdict Verdict(DangerStatus status) => new(status, [], TestDay.Noon.UtcDateTime, null, "test-rules");

    private static async Task AssertKeptAsync(ScratchDatabase database, string after, int[]? prisonIds = null)
    {
        await using var db = database.Open();
        foreach (var prisonId in prisonIds ?? PrisonIds)
        {
            var fromStays = await db.StatusCountsFromStaysAsync(prisonId);
            var kept = await db.StatusCountsAsync(prisonId);
            Assert.Equal((after, prisonId, fromStays), (after, prisonId, kept));
        }
    }

    private static async Task AssertCountsAsync(ScratchDatabase database, int prisonId, StatusCounts expected)
    {
        await using var db = database.Open();
        Assert.Equal(expected, await db.StatusCountsFromStaysAsync(prisonId));
    }
}
