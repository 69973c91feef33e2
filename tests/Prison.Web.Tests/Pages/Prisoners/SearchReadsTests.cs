using Microsoft.EntityFrameworkCore;
using Prison.Db;
using Prison.Db.Reads;
using Prison.Db.Search;
using Prison.Domain;
using Prison.Domain.Record;
using Prison.Web.Pages.Prisoners;

namespace Prison.Web.Tests.Pages.Prisoners;

public class SearchReadsTests(SearchReadsTests.ThreeThousandNames named) : IClassFixture<SearchReadsTests.ThreeThousandNames>
{
    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_name_with_accents_is_found_typed_without_them_in_any_case_by_its_first_or_last_name(Engine engine)
    {
        await using var database = await SavedAsync(engine, ("A1", "José Peña"), ("A2", "Zoë Ångström"), ("A3", "Jose Penn"), ("A4", "Mary Joseph"));
        await using var db = database.Open();

        Assert.Equal(["A1", "A3"], await NumbersAsync(db, "jose pe"));
        Assert.Equal(["A1"], await NumbersAsync(db, "JOSÉ PEÑA"));
        Assert.Equal(["A2"], await NumbersAsync(db, "zoe"));
        Assert.Equal(["A2"], await NumbersAsync(db, "angst"));
        Assert.Equal(["A1", "A3", "A4"], await NumbersAsync(db, "jos"));
        Assert.Equal(["A1"], await NumbersAsync(db, "pena"));
        Assert.Empty(await NumbersAsync(db, "ose"));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_number_is_found_exactly_and_by_its_start_the_exact_one_first(Engine engine)
    {
        await using var database = await SavedAsync(engine, ("B1001", "Ann Lee"), ("B100", "Bob Lee"), ("B1000", "Cy Lee"), ("B2", "Di Lee"), ("2024-RNDC-7", "Ed Lee"));
        await using var db = database.Open();

        Assert.Equal(["B100", "B1000", "B1001"], await NumbersAsync(db, "b100"));
        Assert.Equal(["B2"], await NumbersAsync(db, "B2"));
        Assert.Equal(["2024-RNDC-7"], await NumbersAsync(db, "2024-rndc"));
        Assert.Equal(["2024-RNDC-7"], await NumbersAsync(db, "2024 RNDC 7"));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_search_is_one_statement_and_a_prisoner_found_by_both_names_is_listed_once(Engine engine)
    {
        await using var database = await SavedAsync(engine, ("C1", "John Johnson"), ("C2", "Joan Smith"), ("C3", "Ada Jones"));
        var counter = new StatementCounter();
        await using var db = database.Open(interceptors: counter);

        var found = await db.SearchAsync("jo", prisonIds: null);

        Assert.Equal(1, counter.Count);
        Assert.Equal(["C2", "C1", "C3"], found.Hits.Select(h => h.Number));
        Assert.False(found.More);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task More_than_fifty_matches_give_the_first_fifty_and_say_there_are_more(Engine engine)
    {
        await using var database = await SavedAsync(engine, [.. Enumerable.Range(1, 60).Select(n => ($"D{n:00}", $"Maria Garcia {n:00}"))]);
        await using var db = database.Open();

        var found = await db.SearchAsync("mar", prisonIds: null);

        Assert.Equal(SearchReads.MaxHits, found.Hits.Count);
        Assert.True(found.More);
        Assert.Equal("D01", found.Hits[0].Number);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Each_result_carries_its_verdict_and_where_it_is_held(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using (var db = database.Open())
        {
            db.Prisons.AddRange(Records.Prison(1), Records.Prison(2));
            var held = Records.Harmless("E1", 2, TestDay.Today.AddDays(-3));
            held.CorrectPersonalDetails("Eve Adams", null);
            var released = Records.Harmless("E2", 1, TestDay.Today.AddDays(-30));
            released.CorrectPersonalDetails("Eva Adams", null);
            released.Release(TestDay.Today.AddDays(-1));
            db.Prisoners.AddRange(held, released);
            await db.SaveRecordChangesAsync();
            await db.Database.ExecuteSqlRawAsync(
                "UPDATE prisoner SET danger_status = 'Dangerous', danger_reasons = 'NotConvicted', evaluated_version = change_version WHERE number = 'E1'");
        }

        await using var read = database.Open();
        var hits = (await read.SearchAsync("adams", prisonIds: null)).Hits.ToDictionary(h => h.Number);

        Assert.Equal((DangerStatus.Dangerous, 2, TestDay.Today.AddDays(-3)), (hits["E1"].Status, hits["E1"].PrisonId!.Value, hits["E1"].ArrivalDate!.Value));
        Assert.Equal(["NotConvicted"], hits["E1"].FiredRules);
        Assert.Equal((DangerStatus.Unknown, (int?)null), (hits["E2"].Status, hits["E2"].PrisonId));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_renamed_prisoner_is_found_by_the_new_name_and_no_longer_by_the_old(Engine engine)
    {
        await using var database = await SavedAsync(engine, ("F1", "Frank Old"));
        await using (var db = database.Open())
        {
            (await db.LoadPrisonerAsync("F1", Tracking.Tracked))!.CorrectPersonalDetails("Frida Nuñez", null);
            await db.SaveRecordChangesAsync();
        }

        await using var read = database.Open();
        Assert.Empty(await NumbersAsync(read, "frank"));
        Assert.Empty(await NumbersAsync(read, "old"));
        Assert.Equal(["F1"], await NumbersAsync(read, "nunez"));
        Assert.Equal(["F1"], await NumbersAsync(read, "frida"));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Text_without_a_letter_or_digit_finds_nobody_and_asks_nothing(Engine engine)
    {
        await using var database = await SavedAsync(engine, ("G1", "Gus Grey"));
        var counter = new StatementCounter();
        await using var db = database.Open(interceptors: counter);

        Assert.Empty((await db.SearchAsync(" -?! ", prisonIds: null)).Hits);
        Assert.Equal(0, counter.Count);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Prisoners_stored_without_keys_get_them_once_in_batches_and_are_found(Engine engine)
    {
        var people = Enumerable.Range(1, 11).Select(n => ($"H{n:00}", n == 3 ? "Hélène Côté" : $"Henry {n}")).ToArray();
        await using var database = await SavedAsync(engine, people);
        await database.ExecuteAsync("DELETE FROM prisoner_search_key");
        await using var db = database.Open();
        Assert.Empty(await NumbersAsync(db, "helene"));

        var counter = new StatementCounter();
        await using var keeper = database.Open(interceptors: counter);
        var written = await keeper.AddMissingSearchKeysAsync(batchSize: 4);
        var batches = counter.Count;
        counter.Reset();
        var none = await keeper.AddMissingSearchKeysAsync(batchSize: 4);

        Assert.Equal(people.Length, written);
        Assert.Equal(3 * 2 + 1, batches);
        Assert.Equal((0, 1), (none, counter.Count));
        Assert.Equal(["H03"], await NumbersAsync(db, "cote"));
        Assert.Equal(people.Length, await database.ScalarAsync<long>("SELECT count(*) FROM prisoner_search_key"));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_search_within_prisons_finds_only_the_prisoners_held_there_now_in_one_statement(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using (var write = database.Open())
        {
            write.Prisons.AddRange(Records.Prison(1), Records.Prison(2), Records.Prison(3));
            var here = Records.Harmless("H1", 1, TestDay.Today.AddDays(-3));
            var third = Records.Harmless("H3", 3, TestDay.Today.AddDays(-3));
            var elsewhere = Records.Harmless("H2", 2, TestDay.Today.AddDays(-3));
            var released = Records.Harmless("H4", 1, TestDay.Today.AddDays(-30));
            released.Release(TestDay.Today.AddDays(-2));
            var movedAway = Records.Harmless("H5", 1, TestDay.Today.AddDays(-30));
            movedAway.Transfer(2, TestDay.Today.AddDays(-1), forDisciplinaryReasons: false);
            var movedHere = Records.Harmless("H6", 2, TestDay.Today.AddDays(-30));
            movedHere.Transfer(1, TestDay.Today.AddDays(-1), forDisciplinaryReasons: false);
            write.Prisoners.AddRange(here, third, elsewhere, released, movedAway, movedHere);
            await write.SaveRecordChangesAsync();
        }

        var counter = new StatementCounter();
        await using var db = database.Open(interceptors: counter);

        var within = await db.SearchAsync("h", prisonIds: [1, 3]);
        var everywhere = await db.SearchAsync("h", prisonIds: null);
        var nowhere = await db.SearchAsync("h", prisonIds: []);

        Assert.Equal(["H1", "H3", "H6"], within.Hits.Select(h => h.Number));
        Assert.Equal(["H1", "H2", "H3", "H4", "H5", "H6"], everywhere.Hits.Select(h => h.Number));
        Assert.Empty(nowhere.Hits);
        Assert.Equal(3, counter.Count);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Within_prisons_the_fifty_found_are_the_first_fifty_there_however_many_elsewhere_come_first(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using (var write = database.Open())
        {
            write.Prisons.AddRange(Records.Prison(1), Records.Prison(2));
            write.Prisoners.AddRange(Enumerable.Range(1, 70).Select(n => Records.Harmless($"E{n:000}", n <= 60 ? 2 : 1, TestDay.Today.AddDays(-1))));
            await write.SaveRecordChangesAsync();
        }

        await using var db = database.Open();
        var found = await db.SearchAsync("e", prisonIds: [1]);

        Assert.Equal([.. Enumerable.Range(61, 10).Select(n => $"E{n:000}")], found.Hits.Select(h => h.Number));
        Assert.False(found.More);
    }

    /// <summary>
    /// Each way of finding is a range of its own index, read in its order and stopped after a page: never a scan of the
    /// keys. (How the few keys found are joined to their prisoners is the planner's choice for the table's size.)
    /// </summary>
    [Fact]
    public async Task On_postgresql_each_way_of_finding_is_a_range_scan_of_its_index()
    {
        var database = await named.DatabaseAsync();
        var plans = new PlanRecorder("prisoner_search_key");
        await using var db = database.Open(null, plans);

        await db.SearchAsync("name1", prisonIds: null);

        var plan = Assert.Single(plans.Plans);
        foreach (var index in new[] { "prisoner_search_by_number", "prisoner_search_by_name", "prisoner_search_by_surname" })
        {
            Assert.Contains($"Index Scan using {index} on prisoner_search_key", plan);
        }

        Assert.DoesNotContain("Seq Scan on prisoner_search_key", plan);
    }

    [Fact]
    public async Task On_postgresql_a_search_within_prisons_is_still_a_range_scan_of_each_index_probing_the_current_stay_by_its_key()
    {
        var database = await named.DatabaseAsync();
        var plans = new PlanRecorder("prisoner_search_key");
        await using var db = database.Open(null, plans);

        await db.SearchAsync("name1", prisonIds: [1]);

        var plan = Assert.Single(plans.Plans);
        foreach (var index in new[] { "prisoner_search_by_number", "prisoner_search_by_name", "prisoner_search_by_surname" })
        {
            Assert.Contains($"Index Scan using {index} on prisoner_search_key", plan);
        }

        Assert.Contains("imprisonment_one_current", plan);
        Assert.DoesNotContain("Seq Scan on prisoner_search_key", plan);
    }

    /// <summary>
    /// The two plan tests' prisoners, written once for the class (they only read), and only when one of them runs: the
    /// size at which PostgreSQL plans a search as it would in production.
    /// </summary>
    public sealed class ThreeThousandNames : IAsyncLifetime
    {
        private readonly Lazy<Task<ScratchDatabase>> _database = new(SeedAsync);

        public Task<ScratchDatabase> DatabaseAsync() => _database.Value;

        public Task InitializeAsync() => Task.CompletedTask;

        public async Task DisposeAsync()
        {
            if (_database.IsValueCreated)
            {
                await (await _database.Value).DisposeAsync();
            }
        }

        private static async Task<ScratchDatabase> SeedAsync()
        {
            var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
            await using (var db = database.Open())
            {
                db.Prisons.Add(Records.Prison(1));
                await db.SaveChangesAsync();
            }

            await ManyPrisoners.InsertAsync(
                database, 3000, "'K' || lpad(n::text, 4, '0')", "'Name' || (n % 97) || ' Surname' || (n % 89)", prisonId: 1, TestDay.Today.AddDays(-1));
            await database.ExecuteAsync("ANALYZE");
            return database;
        }
    }

    private static async Task<IReadOnlyList<string>> NumbersAsync(PrisonDb db, string text) =>
        [.. (await db.SearchAsync(text, prisonIds: null)).Hits.Select(h => h.Number)];

    private static async Task<ScratchDatabase> SavedAsync(Engine engine, params (string Number, string Name)[] people)
    {
        var database = await ScratchDatabase.MigratedAsync(engine);
        await using var db = database.Open();
        db.Prisons.Add(Records.Prison(1));
        db.Prisoners.AddRange(people.Select(p =>
        {
            var prisoner = new Prisoner(p.Number, p.Name, null, LegalStatus.Convicted);
            prisoner.Admit(1, TestDay.Today.AddDays(-1));
            return prisoner;
        }));
        await db.SaveRecordChangesAsync();
        return database;
    }
}
