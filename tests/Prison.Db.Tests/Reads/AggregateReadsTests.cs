using Prison.Db.Reads;

namespace Prison.Db.Tests.Reads;

public class AggregateReadsTests
{
    private const int Collections = 17;

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Loading_aggregates_takes_one_statement_per_collection_whatever_the_number_or_size(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var ids = await SaveAsync(database, prisoners: 40, perCollection: 6);
        var counter = new StatementCounter();

        await using (var db = database.Open(interceptors: counter))
        {
            await db.LoadForEvaluationAsync([ids[0]]);
        }

        var forOne = counter.Count;
        counter.Reset();
        await using (var db = database.Open(interceptors: counter))
        {
            var loaded = await db.LoadForEvaluationAsync(ids);
            Assert.Equal(40, loaded.Count);
        }

        Assert.Equal(forOne, counter.Count);
        Assert.True(forOne <= Collections + 1, $"{forOne} statements for one prisoner");
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_loaded_aggregate_has_its_whole_record(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var ids = await SaveAsync(database, prisoners: 2, perCollection: 3);
        await using var db = database.Open();

        var prisoner = (await db.LoadForEvaluationAsync([ids[1]])).Single();

        Assert.Equal("B002", prisoner.Number);
        Assert.Single(prisoner.Imprisonments);
        Assert.All(
            new[]
            {
                prisoner.DisciplinaryNotices.Count, prisoner.Charges.Count, prisoner.WithdrawalEpisodes.Count, prisoner.Requests.Count,
                prisoner.CourtHearings.Count, prisoner.Detainers.Count, prisoner.SegregationPeriods.Count, prisoner.EscapeRecords.Count,
                prisoner.ThreatGroupMemberships.Count, prisoner.IntelligenceReports.Count, prisoner.DrugTests.Count, prisoner.SelfHarmWatches.Count,
                prisoner.PsychiatricEpisodes.Count, prisoner.MedicationStops.Count, prisoner.VisitBans.Count, prisoner.ContactOrderBreaches.Count,
            },
            count => Assert.Equal(3, count));
        Assert.All(prisoner.Detainers, d => Assert.NotNull(d.Period.End));
    }

    private static async Task<IReadOnlyList<Guid>> SaveAsync(ScratchDatabase database, int prisoners, int perCollection)
    {
        await using var db = database.Open();
        db.Prisons.Add(Records.Prison(1));
        var all = Enumerable.Range(1, prisoners)
            .Select(n => Records.Harmless($"B{n:000}", 1, TestDay.Today).WithFullRecord(perCollection, TestDay.Today))
            .ToList();
        db.Prisoners.AddRange(all);
        await db.SaveRecordChangesAsync();
        return all.Select(p => p.Id).ToList();
    }
}
