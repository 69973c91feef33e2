using System.Collections;
using Microsoft.EntityFrameworkCore;
using Prison.Db.Reads;
using Prison.Domain;

namespace Prison.Db.Tests.Reads;

/// <summary>
/// The database's triggers set a bit of the prisoner's row for each collection that gets an entry, and the loads read
/// only the collections whose bits are set: the two must agree on every collection's bit.
/// </summary>
public class RecordPartsTests
{
    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Each_collection_is_loaded_for_a_record_that_fills_only_it(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        Prisoner full;
        await using (var db = database.Open())
        {
            db.Prisons.Add(Records.Prison(1));
            full = Records.Harmless("FULL", 1, TestDay.Today).WithFullRecord(1, TestDay.Today);
            db.Prisoners.Add(full);
            await db.SaveRecordChangesAsync();
        }

        await using var read = database.Open();
        var collections = read.Model.FindEntityType(typeof(Prisoner))!.GetNavigations().Where(n => n.IsCollection).ToList();
        Assert.Equal(17, collections.Count);
        foreach (var collection in collections)
        {
            // Written in SQL, as an import or a hand correction might: a bare copy of the prisoner, then a copy of one
            // entry of this collection for it. Only the database's trigger can tell the load about that entry.
            var table = collection.TargetEntityType.GetTableName()!;
            var alone = Guid.NewGuid();
            await database.ExecuteAsync($"""
                CREATE TEMP TABLE bare AS SELECT * FROM prisoner WHERE id = {database.Literal(full.Id)};
                UPDATE bare SET id = {database.Literal(alone)}, number = '{table}', record_parts = 0;
                INSERT INTO prisoner SELECT * FROM bare;
                CREATE TEMP TABLE entry AS SELECT * FROM {table} WHERE prisoner_id = {database.Literal(full.Id)} LIMIT 1;
                UPDATE entry SET id = {database.Literal(Guid.NewGuid())}, prisoner_id = {database.Literal(alone)};
                INSERT INTO {table} SELECT * FROM entry;
                DROP TABLE bare;
                DROP TABLE entry;
                """);

            var prisoner = (await read.LoadPrisonersAsync([alone], Tracking.Untracked)).Single();

            var filled = collections.Where(c => ((IEnumerable)c.GetCollectionAccessor()!.GetOrCreate(prisoner, forMaterialization: false)).Cast<object>().Any());
            Assert.Equal([collection.Name], filled.Select(c => c.Name));
        }
    }
}
