using Microsoft.EntityFrameworkCore;
using Prison.Db.Reads;
using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Db.Tests.Reads;

public class AggregateReadsTests
{
    private static readonly int Collections = Prisoner.EntryKinds.Count;

    /// <summary>The prisoners' rows, which say which collections of their records hold entries.</summary>
    private const int Prisoners = 1;

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Loading_aggregates_takes_one_statement_per_collection_whatever_the_number_or_size(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var ids = await SaveAsync(database, prisoners: 40, perCollection: 6);
        var counter = new StatementCounter();

        await using (var db = database.Open(interceptors: counter))
        {
            await db.LoadPrisonersAsync([ids[0]], Tracking.Untracked);
        }

        var forOne = counter.Count;
        counter.Reset();
        await using (var db = database.Open(interceptors: counter))
        {
            var loaded = await db.LoadPrisonersAsync(ids, Tracking.Untracked);
            Assert.Equal(40, loaded.Count);
            Assert.Empty(db.ChangeTracker.Entries());
        }

        Assert.Equal(forOne, counter.Count);
        Assert.Equal(Prisoners + Collections, forOne);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Collections_without_entries_are_not_loaded(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var arrival = Records.Harmless("E001", 1, TestDay.Today);
        arrival.RecordDrugTest(TestDay.Today, DrugTestResult.Negative);
        await using (var db = database.Open())
        {
            db.Prisons.Add(Records.Prison(1));
            db.Prisoners.Add(arrival);
            await db.SaveRecordChangesAsync();
        }

        var counter = new StatementCounter();
        await using var read = database.Open(interceptors: counter);

        var prisoner = (await read.LoadPrisonersAsync([arrival.Id], Tracking.Untracked)).Single();

        Assert.Equal(Prisoners + 2, counter.Count);
        Assert.Single(prisoner.Stays);
        Assert.Single(prisoner.DrugTests);
        Assert.Empty(prisoner.Charges);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Many_prisoners_load_only_the_collections_that_one_of_them_fills(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var ids = await SaveAsync(database, prisoners: 150, perCollection: 0);
        await using (var db = database.Open())
        {
            var last = (await db.LoadPrisonerAsync("B150", Tracking.Tracked))!;
            last.RecordDrugTest(TestDay.Today, DrugTestResult.Negative);
            await db.SaveRecordChangesAsync();
        }

        var counter = new StatementCounter();
        await using var read = database.Open(interceptors: counter);

        var loaded = await read.LoadPrisonersAsync(ids, Tracking.Untracked);

        Assert.Equal(ids.Count, loaded.Count);
        Assert.Equal(Prisoners + 2, counter.Count);
        Assert.All(loaded, prisoner => Assert.Single(prisoner.Stays));
        Assert.Single(loaded.Single(p => p.Number == "B150").DrugTests);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task An_entry_written_outside_EF_is_loaded_too(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var id = (await SaveAsync(database, prisoners: 1, perCollection: 0)).Single();
        await database.ExecuteAsync($"INSERT INTO escape_record (id, prisoner_id, date, kind) VALUES ({database.Literal(Guid.NewGuid())}, {database.Literal(id)}, '2020-01-01', 'AttemptedEscape')");
        await using var db = database.Open();

        var prisoner = (await db.LoadPrisonersAsync([id], Tracking.Untracked)).Single();

        Assert.Single(prisoner.EscapeRecords);
        Assert.Single((await db.LoadPrisonerAsync("B001", Tracking.Tracked))!.EscapeRecords);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task An_aggregate_loaded_to_change_has_its_whole_record_in_one_statement_per_collection_that_holds_entries(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await SaveAsync(database, prisoners: 2, perCollection: 3);
        var counter = new StatementCounter();
        await using var db = database.Open(interceptors: counter);

        var prisoner = (await db.LoadPrisonerAsync("B002", Tracking.Tracked))!;

        Assert.Equal(Prisoners + Collections, counter.Count);
        Assert.Single(prisoner.Stays);
        Assert.Equal(3, prisoner.DrugTests.Count);
        Assert.Equal(3, prisoner.ContactOrderBreaches.Count);
        // The prisoner, its one stay and three entries in each other collection, all tracked.
        Assert.Equal(1 + 1 + (Collections - 1) * 3, db.ChangeTracker.Entries().Count());
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Many_aggregates_loaded_to_change_are_tracked_whole_in_one_statement_per_collection_that_holds_entries(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var ids = await SaveAsync(database, prisoners: 40, perCollection: 2);
        var counter = new StatementCounter();
        await using var db = database.Open(interceptors: counter);

        var loaded = await db.LoadPrisonersAsync(ids, Tracking.Tracked);

        Assert.Equal(Prisoners + Collections, counter.Count);
        Assert.Equal(40, loaded.Count);
        Assert.All(loaded, prisoner => Assert.Equal(2, prisoner.VisitBans.Count));
        Assert.Equal(40 * (1 + 1 + (Collections - 1) * 2), db.ChangeTracker.Entries().Count());
        loaded[0].RecordDrugTest(TestDay.Today, DrugTestResult.Negative);
        Assert.Equal(loaded[0].Id, Assert.Single(await db.SaveRecordChangesAsync()).PrisonerId);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task No_prisoners_asked_for_cost_no_statement(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var counter = new StatementCounter();
        await using var db = database.Open(interceptors: counter);

        Assert.Empty(await db.LoadPrisonersAsync([], Tracking.Tracked));

        Assert.Equal(0, counter.Count);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_prisoner_not_found_costs_one_statement(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var counter = new StatementCounter();
        await using var db = database.Open(interceptors: counter);

        Assert.Empty(await db.LoadPrisonersAsync([Guid.NewGuid()], Tracking.Untracked));
        Assert.Null(await db.LoadPrisonerAsync("NOBODY", Tracking.Tracked));

        Assert.Equal(2, counter.Count);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_loaded_aggregate_has_its_whole_record(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var ids = await SaveAsync(database, prisoners: 2, perCollection: 3);
        await using var db = database.Open();

        var prisoner = (await db.LoadPrisonersAsync([ids[1]], Tracking.Untracked)).Single();

        Assert.Equal("B002", prisoner.Number);
        var counts = prisoner.EntriesIncludingStruck().CountBy(entry => entry.GetType()).ToDictionary();
        Assert.All(Prisoner.EntryKinds, kind => Assert.Equal(kind == typeof(Stay) ? 1 : 3, counts.GetValueOrDefault(kind)));
        Assert.All(prisoner.Detainers, d => Assert.NotNull(d.Period.End));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_range_of_ids_loads_the_same_whole_aggregates_as_their_ids_in_as_many_statements(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await SaveAsync(database, prisoners: 40, perCollection: 2);
        await using var db = database.Open();
        var inOrder = await db.Prisoners.OrderBy(p => p.Id).Select(p => p.Id).ToListAsync();
        var counter = new StatementCounter();
        await using var read = database.Open(interceptors: counter);

        var inRange = await read.LoadPrisonersInRangeAsync(inOrder[9], inOrder[29]);
        var statements = counter.Count;
        var first = await read.LoadPrisonersInRangeAsync(null, inOrder[4]);
        var byIds = await db.LoadPrisonersAsync(inOrder[10..30], Tracking.Untracked);

        Assert.Equal(Prisoners + Collections, statements);
        Assert.Equal(inOrder[10..30].Order(), inRange.Select(p => p.Id).Order());
        Assert.Equal(inOrder[..5].Order(), first.Select(p => p.Id).Order());
        Assert.Equal(Shape(byIds), Shape(inRange));
        Assert.Empty(read.ChangeTracker.Entries());

        static IEnumerable<string> Shape(IEnumerable<Prisoner> prisoners) => prisoners
            .OrderBy(p => p.Id)
            .SelectMany(p => p.EntriesIncludingStruck().Select(entry => $"{p.Id} {entry.GetType().Name} {entry.Id}"));
    }

    /// <summary>
    /// A range read statement by statement can meet a prisoner added to it after its prisoners were read: that prisoner
    /// is not in the load, and neither are its entries (each would otherwise need an owner the load does not have).
    /// </summary>
    [Fact]
    public async Task A_range_load_leaves_out_a_prisoner_added_to_the_range_while_it_reads()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        await SaveAsync(database, prisoners: 5, perCollection: 1);
        var arrivesMeanwhile = new AfterFirstStatement(async () =>
        {
            await using var other = database.Open();
            other.Prisoners.Add(Records.Harmless("LATE", 1, TestDay.Today).WithFullRecord(1, TestDay.Today));
            await other.SaveRecordChangesAsync();
        });
        await using var db = database.Open(interceptors: arrivesMeanwhile);

        var loaded = await db.LoadPrisonersInRangeAsync(null, Guid.Parse("ffffffff-ffff-ffff-ffff-ffffffffffff"));

        Assert.True(arrivesMeanwhile.Ran);
        Assert.Equal(5, loaded.Count);
        Assert.DoesNotContain(loaded, p => p.Number == "LATE");
        Assert.All(loaded, p => Assert.Single(p.DrugTests));
    }

    /// <summary>
    /// The loader's statements stream: each entry is made as its row is read. Under PostgreSQL's retrying strategy EF
    /// Core otherwise reads every row of a statement ahead into a buffer of its own (a copy of every row, paid by every
    /// load); the whole load is the unit a fault retries instead (<c>TransientFaultTests</c>). SQLite never retries.
    /// </summary>
    [Theory]
    [InlineData(Tracking.Untracked)]
    [InlineData(Tracking.Tracked)]
    public async Task The_loads_statements_hand_their_rows_over_as_they_are_read_with_no_buffer_of_their_own(Tracking tracking)
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        var ids = await SaveAsync(database, prisoners: 30, perCollection: 2);
        var probe = new ReadAheadProbe<DrugTest>("drug_test");
        await using var db = database.Open(interceptors: probe);

        var loaded = await db.LoadPrisonersAsync(ids, tracking);

        Assert.All(loaded, prisoner => Assert.Equal(2, prisoner.DrugTests.Count));
        Assert.True(probe.ReaderOnRowAtFirstEntity);
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
