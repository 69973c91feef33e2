using System.Reflection;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata;
using Prison.Db.Mappings;
using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Db.Reads;

/// <summary>
/// The one loader of whole Prisoner aggregates, one or many, tracked or not: one statement for the prisoners' rows,
/// which say which collections of their records hold entries (<see cref="RecordParts"/>), then one for each of those.
/// </summary>
public static class AggregateReads
{
    /// <summary>Compiled statements, per model: a compiled query serves only the model it was first run with.</summary>
    private static readonly CompiledPerModel<AggregateLoads> TrackedLoads = new(model => LoadsFor(model, QueryTrackingBehavior.TrackAll));

    private static readonly CompiledPerModel<AggregateLoads> UntrackedLoads = new(model => LoadsFor(model, QueryTrackingBehavior.NoTracking));

    /// <summary>The prisoners of <paramref name="prisonerIds"/> that exist, each with its whole record; entries in the order they were made.</summary>
    public static async Task<IReadOnlyList<Prisoner>> LoadPrisonersAsync(
        this PrisonDb db, IReadOnlyCollection<Guid> prisonerIds, Tracking tracking, CancellationToken cancellationToken = default)
    {
        if (prisonerIds.Count == 0)
        {
            return [];
        }

        Guid[] ids = [.. prisonerIds.Distinct()];
        return await WholeAsync(db, async token =>
        {
            var loads = LoadsOf(db, tracking);
            var found = new List<PrisonerWithParts>(ids.Length);
            await foreach (var prisoner in loads.ByIds(db, ids).WithCancellation(token))
            {
                found.Add(prisoner);
            }

            await LoadRecordsAsync(db, loads, found, token);
            return (IReadOnlyList<Prisoner>)found.ConvertAll(p => p.Prisoner);
        }, cancellationToken);
    }

    /// <summary>The prisoner known by <paramref name="number"/> with its whole record, or null when there is none.</summary>
    public static Task<Prisoner?> LoadPrisonerAsync(this PrisonDb db, string number, Tracking tracking, CancellationToken cancellationToken = default) =>
        WholeAsync(db, async token =>
        {
            var loads = LoadsOf(db, tracking);
            if (await loads.ByNumber(db, number) is not { } found)
            {
                return null;
            }

            await LoadRecordsAsync(db, loads, [found], token);
            return found.Prisoner;
        }, cancellationToken);

    /// <summary>
    /// One load, whole: each attempt starts from nothing, so a fault part-way never leaves an entry read twice
    /// (<see cref="AggregateLoadStrategy"/>). SQLite's statements are never retried, and stream already.
    /// </summary>
    private static Task<T> WholeAsync<T>(PrisonDb db, Func<CancellationToken, Task<T>> load, CancellationToken cancellationToken) =>
        db.IsPostgreSql ? new AggregateLoadStrategy(db).ExecuteAsync(load, cancellationToken) : load(cancellationToken);

    /// <summary>One statement per collection that holds entries of any of <paramref name="found"/>.</summary>
    private static async Task LoadRecordsAsync(PrisonDb db, AggregateLoads loads, IReadOnlyList<PrisonerWithParts> found, CancellationToken cancellationToken)
    {
        var held = found.Aggregate(0, (parts, prisoner) => parts | prisoner.Parts);
        if (held == 0)
        {
            return;
        }

        var owners = found.ToDictionary(p => p.Prisoner.Id, p => p.Prisoner);
        var ids = owners.Keys.ToArray();
        foreach (var (bit, load) in loads.Collections)
        {
            if ((held & bit) != 0)
            {
                await load(db, ids, owners, cancellationToken);
            }
        }
    }

    private static AggregateLoads LoadsOf(PrisonDb db, Tracking tracking) => tracking == Tracking.Tracked
        ? TrackedLoads.For(db.Model)
        : UntrackedLoads.For(db.Model);

    private static AggregateLoads LoadsFor(IModel model, QueryTrackingBehavior tracking)
    {
        var entriesOf = typeof(AggregateReads).GetMethod(nameof(EntriesOf), BindingFlags.NonPublic | BindingFlags.Static)!;
        return new(
            EF.CompileAsyncQuery((PrisonDb db, Guid[] ids) => db.Prisoners.AsTracking(tracking)
                .Where(p => ids.Contains(p.Id))
                .Select(p => new PrisonerWithParts(p, EF.Property<int>(p, PrisonerConfiguration.RecordParts)))),
            EF.CompileAsyncQuery((PrisonDb db, string number) => db.Prisoners.AsTracking(tracking)
                .Where(p => p.Number == number)
                .Select(p => new PrisonerWithParts(p, EF.Property<int>(p, PrisonerConfiguration.RecordParts)))
                .SingleOrDefault()),
            [.. RecordParts.Collections(model).Select(c =>
                (c.Bit, (AggregateLoads.CollectionLoad)entriesOf.MakeGenericMethod(c.Collection.TargetEntityType.ClrType).Invoke(null, [c.Collection, tracking])!))]);
    }

    /// <summary>
    /// One collection's entries, in one compiled statement. Tracked entries are put into their prisoners' collections by
    /// the context; untracked ones are handed to the navigation's own accessor, which EF's shaper would do more slowly.
    /// </summary>
    private static AggregateLoads.CollectionLoad EntriesOf<T>(INavigation navigation, QueryTrackingBehavior tracking)
        where T : Entry
    {
        var collection = navigation.GetCollectionAccessor()!;
        var query = EF.CompileAsyncQuery((PrisonDb db, Guid[] prisonerIds) => db.Set<T>().AsTracking(tracking)
            .Where(entry => prisonerIds.Contains(EF.Property<Guid>(entry, PrisonerConfiguration.PrisonerKey)))
            .OrderBy(entry => entry.Id)
            .Select(entry => new { Entry = entry, Owner = EF.Property<Guid>(entry, PrisonerConfiguration.PrisonerKey) }));
        var tracked = tracking == QueryTrackingBehavior.TrackAll;
        return async (db, prisonerIds, owners, cancellationToken) =>
        {
            await foreach (var row in query(db, prisonerIds).WithCancellation(cancellationToken))
            {
                if (!tracked)
                {
                    collection.Add(owners[row.Owner], row.Entry, forMaterialization: true);
                }
            }
        };
    }
}
