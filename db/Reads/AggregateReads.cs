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

            await LoadRecordsAsync(db, loads, found, new LoadedKeys(ids, Guid.Empty, Guid.Empty), token);
            return (IReadOnlyList<Prisoner>)found.ConvertAll(p => p.Prisoner);
        }, cancellationToken);
    }

    /// <summary>
    /// The prisoners whose ids sort after <paramref name="after"/> (from the first when null) up to and including
    /// <paramref name="upTo"/>, in the database's order, each with its whole record, untracked: a run's batch. Each
    /// statement reads the range in one index scan where a list of ids costs a descent of the index per prisoner.
    /// </summary>
    public static Task<IReadOnlyList<Prisoner>> LoadPrisonersInRangeAsync(this PrisonDb db, Guid? after, Guid upTo, CancellationToken cancellationToken = default)
    {
        // Guid.Empty sorts first and is no prisoner's id (EF Core takes it for a key not yet given).
        var from = after ?? Guid.Empty;
        return WholeAsync(db, async token =>
        {
            var loads = LoadsOf(db, Tracking.Untracked);
            var found = new List<PrisonerWithParts>();
            await foreach (var prisoner in loads.InRange(db, from, upTo).WithCancellation(token))
            {
                found.Add(prisoner);
            }

            await LoadRecordsAsync(db, loads, found, new LoadedKeys(null, from, upTo), token);
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

            await LoadRecordsAsync(db, loads, [found], new LoadedKeys([found.Prisoner.Id], Guid.Empty, Guid.Empty), token);
            return found.Prisoner;
        }, cancellationToken);

    /// <summary>
    /// One load, whole: each attempt starts from nothing, so a fault part-way never leaves an entry read twice
    /// (<see cref="AggregateLoadStrategy"/>). SQLite's statements are never retried, and stream already.
    /// </summary>
    private static Task<T> WholeAsync<T>(PrisonDb db, Func<CancellationToken, Task<T>> load, CancellationToken cancellationToken) =>
        db.IsPostgreSql ? new AggregateLoadStrategy(db).ExecuteAsync(load, cancellationToken) : load(cancellationToken);

    /// <summary>One statement per collection that holds entries of any of <paramref name="found"/>.</summary>
    private static async Task LoadRecordsAsync(
        PrisonDb db, AggregateLoads loads, IReadOnlyList<PrisonerWithParts> found, LoadedKeys keys, CancellationToken cancellationToken)
    {
        var held = found.Aggregate(0, (parts, prisoner) => parts | prisoner.Parts);
        if (held == 0)
        {
            return;
        }

        var owners = found.ToDictionary(p => p.Prisoner.Id, p => p.Prisoner);
        if (keys.Ids is not null)
        {
            keys = keys with { Ids = [.. owners.Keys] };
        }

        foreach (var (bit, load) in loads.Collections)
        {
            if ((held & bit) != 0)
            {
                await load(db, keys, owners, cancellationToken);
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
            EF.CompileAsyncQuery((PrisonDb db, Guid after, Guid upTo) => db.Prisoners.AsTracking(tracking)
                .Where(p => p.Id.CompareTo(after) > 0 && p.Id.CompareTo(upTo) <= 0)
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
    /// Read by a range, an entry may belong to a prisoner added to it after the prisoners were read: it is left out, as
    /// that prisoner is.
    /// </summary>
    private static AggregateLoads.CollectionLoad EntriesOf<T>(INavigation navigation, QueryTrackingBehavior tracking)
        where T : Entry
    {
        var collection = navigation.GetCollectionAccessor()!;
        var byIds = EF.CompileAsyncQuery((PrisonDb db, Guid[] prisonerIds) => db.Set<T>().AsTracking(tracking)
            .Where(entry => prisonerIds.Contains(EF.Property<Guid>(entry, PrisonerConfiguration.PrisonerKey)))
            .OrderBy(entry => entry.Id)
            .Select(entry => new { Entry = entry, Owner = EF.Property<Guid>(entry, PrisonerConfiguration.PrisonerKey) }));
        var inRange = EF.CompileAsyncQuery((PrisonDb db, Guid after, Guid upTo) => db.Set<T>().AsTracking(tracking)
            .Where(entry => EF.Property<Guid>(entry, PrisonerConfiguration.PrisonerKey).CompareTo(after) > 0
                && EF.Property<Guid>(entry, PrisonerConfiguration.PrisonerKey).CompareTo(upTo) <= 0)
            .OrderBy(entry => entry.Id)
            .Select(entry => new { Entry = entry, Owner = EF.Property<Guid>(entry, PrisonerConfiguration.PrisonerKey) }));
        var tracked = tracking == QueryTrackingBehavior.TrackAll;
        return async (db, keys, owners, cancellationToken) =>
        {
            var rows = keys.Ids is { } ids ? byIds(db, ids) : inRange(db, keys.After, keys.UpTo);
            await foreach (var row in rows.WithCancellation(cancellationToken))
            {
                if (!tracked && owners.TryGetValue(row.Owner, out var owner))
                {
                    collection.Add(owner, row.Entry, forMaterialization: true);
                }
            }
        };
    }
}
