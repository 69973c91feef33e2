using System.Collections;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata;
using Prison.Db.Reads;
using Prison.Domain;

namespace Prison.Db.Tests.Reads;

/// <summary>
/// Each kind of entry the domain declares is a collection of the record that is mapped, has a bit of its own in
/// prisoner.record_parts that its migration's trigger sets on both engines, and is loaded: each test names what is missing.
/// </summary>
public class RecordPartsTests
{
    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Every_kind_of_entry_is_a_mapped_collection_with_a_bit_of_its_own(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using var db = database.Open();
        var prisoner = db.Model.FindEntityType(typeof(Prisoner))!;
        var configurations = typeof(PrisonDb).Assembly.GetTypes()
            .Where(t => !t.IsAbstract)
            .SelectMany(t => t.GetInterfaces())
            .Where(i => i.IsGenericType && i.GetGenericTypeDefinition() == typeof(IEntityTypeConfiguration<>))
            .Select(i => i.GetGenericArguments()[0])
            .ToHashSet();
        var missing = new List<string>();
        var bits = new Dictionary<int, string>();
        foreach (var kind in Prisoner.EntryKinds)
        {
            if (!configurations.Contains(kind))
            {
                missing.Add($"{kind.Name}: no mapping (an IEntityTypeConfiguration<{kind.Name}>)");
            }

            if (prisoner.GetNavigations().SingleOrDefault(n => n.IsCollection && n.TargetEntityType.ClrType == kind) is not { } collection)
            {
                missing.Add($"{kind.Name}: not a collection of the prisoner in the model");
            }
            else if (collection.TargetEntityType.FindAnnotation(RecordParts.Annotation)?.Value is not int position)
            {
                missing.Add($"{kind.Name}: no bit in prisoner.record_parts (its mapping's RecordPart)");
            }
            else if (!bits.TryAdd(position, kind.Name))
            {
                missing.Add($"{kind.Name}: its bit {position} is {bits[position]}'s too");
            }
        }

        Assert.True(missing.Count == 0, string.Join(Environment.NewLine, missing));
        Assert.Equal(Prisoner.EntryKinds.Count, prisoner.GetNavigations().Count(n => n.IsCollection));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Each_collection_s_trigger_sets_exactly_its_bit_and_its_entries_are_loaded(Engine engine)
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
        var collections = RecordParts.Collections(read.Model);
        var missing = new List<string>();
        foreach (var (collection, bit) in collections)
        {
            var kind = collection.TargetEntityType.ClrType.Name;
            var table = collection.TargetEntityType.GetTableName()!;
            if (await database.ScalarAsync<long>($"SELECT count(*) FROM {table} WHERE prisoner_id = {database.Literal(full.Id)}") == 0)
            {
                missing.Add($"{kind}: Records.WithFullRecord makes no entry of it");
                continue;
            }

            // Written in SQL, as an import or a hand correction might: a bare copy of the prisoner, then a copy of one
            // entry of this collection for it. Only the database's trigger can tell the load about that entry.
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

            var set = await database.ScalarAsync<long>($"SELECT record_parts FROM prisoner WHERE id = {database.Literal(alone)}");
            if (set != bit)
            {
                missing.Add($"{kind}: an entry inserted into {table} sets record_parts to {set}, not its bit {bit} (a trigger in its migration, on {engine})");
                continue;
            }

            var prisoner = (await read.LoadPrisonersAsync([alone], Tracking.Untracked)).Single();
            var filled = collections.Select(c => c.Collection)
                .Where(c => ((IEnumerable)c.GetCollectionAccessor()!.GetOrCreate(prisoner, forMaterialization: false)).Cast<object>().Any())
                .Select(c => c.Name)
                .ToList();
            if (!filled.SequenceEqual([collection.Name]))
            {
                missing.Add($"{kind}: loaded as [{string.Join(", ", filled)}]");
            }
        }

        Assert.True(missing.Count == 0, string.Join(Environment.NewLine, missing));
        Assert.Equal(Prisoner.EntryKinds.Count, collections.Count);
    }
}
