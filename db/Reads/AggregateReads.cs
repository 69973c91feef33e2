using System.Reflection;
using System.Runtime.CompilerServices;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata;
using Prison.Db.Mappings;
using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Db.Reads;

/// <summary>
/// Loads whole Prisoner aggregates: one statement for the prisoners, which also says which collections of their
/// records hold entries (<see cref="RecordParts"/>), and one for each of those, whatever the number of prisoners or the
/// size of their records. One joined query would multiply rows across seventeen collections.
/// </summary>
public static class AggregateReads
{
    private delegate Task CollectionLoad(PrisonDb db, Guid[] prisonerIds, IReadOnlyDictionary<Guid, Prisoner> owners, CancellationToken cancellationToken);

    /// <summary>
    /// The compiled statements, per model: one model per database engine, and a compiled query serves only the model
    /// it was first run with.
    /// </summary>
    private static readonly ConditionalWeakTable<IModel, IReadOnlyList<(int Bit, CollectionLoad Load)>> EvaluationLoads = new();

    private static readonly ConditionalWeakTable<IModel, AggregateChangeLoads> ChangeLoads = new();

    public static IQueryable<Prisoner> WithRecord(this IQueryable<Prisoner> prisoners) =>
        prisoners
            .Include(p => p.Imprisonments)
            .Include(p => p.DisciplinaryNotices)
            .Include(p => p.Charges)
            .Include(p => p.WithdrawalEpisodes)
            .Include(p => p.Requests)
            .Include(p => p.CourtHearings)
            .Include(p => p.Detainers)
            .Include(p => p.SegregationPeriods)
            .Include(p => p.EscapeRecords)
            .Include(p => p.ThreatGroupMemberships)
            .Include(p => p.IntelligenceReports)
            .Include(p => p.DrugTests)
            .Include(p => p.SelfHarmWatches)
            .Include(p => p.PsychiatricEpisodes)
            .Include(p => p.MedicationStops)
            .Include(p => p.VisitBans)
            .Include(p => p.ContactOrderBreaches)
            .AsSplitQuery();

    /// <summary>
    /// Read-only aggregates for evaluation, the hot path of every verdict. The statements of <see cref="WithRecord"/>,
    /// for only the collections that hold entries of these prisoners, but each collection is read as plain rows with
    /// their owner's id and handed to EF's own collection accessor: EF 10's split-query shaper created a delegate for
    /// every row it read, which made loading cost twice evaluating. Nothing is tracked. Entries come in the order they
    /// were made (ids are time-ordered).
    /// </summary>
    public static async Task<IReadOnlyList<Prisoner>> LoadForEvaluationAsync(
        this PrisonDb db, IReadOnlyCollection<Guid> prisonerIds, CancellationToken cancellationToken = default)
    {
        var ids = prisonerIds.Distinct().ToArray();
        var found = await db.Prisoners.AsNoTracking()
            .Where(p => ids.Contains(p.Id))
            .Select(p => new PrisonerWithParts(p, EF.Property<int>(p, PrisonerConfiguration.RecordParts)))
            .ToListAsync(cancellationToken);
        var owners = found.ToDictionary(p => p.Prisoner.Id, p => p.Prisoner);
        var foundIds = owners.Keys.ToArray();
        var held = found.Aggregate(0, (parts, prisoner) => parts | prisoner.Parts);
        foreach (var (bit, load) in EvaluationLoads.GetValue(db.Model, model => PerCollection<CollectionLoad>(model, nameof(LoadCollection))))
        {
            if ((held & bit) != 0)
            {
                await load(db, foundIds, owners, cancellationToken);
            }
        }

        return found.ConvertAll(p => p.Prisoner);
    }

    /// <summary>
    /// One tracked aggregate, to change it; null when no prisoner has that number. The prisoner, then each collection
    /// that holds entries as tracked rows that EF fixes up into the aggregate, every statement compiled once: the split
    /// query with seventeen includes spent most of a change's time in EF (9.3 ms of 12.5 for a prisoner page's change).
    /// </summary>
    public static async Task<Prisoner?> LoadForChangeAsync(this PrisonDb db, string number, CancellationToken cancellationToken = default)
    {
        var loads = ChangeLoads.GetValue(db.Model, ChangeLoadsFor);
        if (await loads.Prisoner(db, number) is not { } found)
        {
            return null;
        }

        foreach (var (bit, load) in loads.Collections)
        {
            if ((found.Parts & bit) != 0)
            {
                await load(db, found.Prisoner.Id, cancellationToken);
            }
        }

        return found.Prisoner;
    }

    private static AggregateChangeLoads ChangeLoadsFor(IModel model) =>
        new(EF.CompileAsyncQuery((PrisonDb db, string number) => db.Prisoners
                .Where(p => p.Number == number)
                .Select(p => new PrisonerWithParts(p, EF.Property<int>(p, PrisonerConfiguration.RecordParts)))
                .SingleOrDefault()),
            PerCollection<Func<PrisonDb, Guid, CancellationToken, Task>>(model, nameof(TrackedLoad)));

    /// <summary>
    /// One loader per collection of the record, with its bit (<see cref="RecordParts.Collections"/>), made by the
    /// generic method named, for the collection's entry type.
    /// </summary>
    private static IReadOnlyList<(int Bit, TLoad Load)> PerCollection<TLoad>(IModel model, string genericMethod)
    {
        var method = typeof(AggregateReads).GetMethod(genericMethod, BindingFlags.NonPublic | BindingFlags.Static)!;
        return RecordParts.Collections(model)
            .Select(c => (c.Bit, (TLoad)method.MakeGenericMethod(c.Collection.TargetEntityType.ClrType).Invoke(null, [c.Collection])!))
            .ToList();
    }

    /// <summary>A compiled, tracked query: tracking puts each entry into its prisoner's collection, so the navigation is not needed.</summary>
    private static Func<PrisonDb, Guid, CancellationToken, Task> TrackedLoad<T>(INavigation _)
        where T : Entity
    {
        var query = EF.CompileAsyncQuery<PrisonDb, Guid, T>((db, prisonerId) =>
            db.Set<T>().Where(entry => EF.Property<Guid>(entry, PrisonerConfiguration.PrisonerKey) == prisonerId).OrderBy(entry => entry.Id));
        return async (db, prisonerId, cancellationToken) =>
        {
            await foreach (var _ in query(db, prisonerId).WithCancellation(cancellationToken))
            {
            }
        };
    }

    /// <summary>A compiled query (EF builds no expression tree per batch) whose rows are handed to the navigation's own accessor.</summary>
    private static CollectionLoad LoadCollection<T>(INavigation navigation)
        where T : Entity
    {
        var collection = navigation.GetCollectionAccessor()!;
        var query = EF.CompileAsyncQuery((PrisonDb db, Guid[] prisonerIds) => db.Set<T>().AsNoTracking()
            .Where(entry => prisonerIds.Contains(EF.Property<Guid>(entry, PrisonerConfiguration.PrisonerKey)))
            .OrderBy(entry => entry.Id)
            .Select(entry => new { Entry = entry, Owner = EF.Property<Guid>(entry, PrisonerConfiguration.PrisonerKey) }));
        return async (db, prisonerIds, owners, cancellationToken) =>
        {
            await foreach (var row in query(db, prisonerIds).WithCancellation(cancellationToken))
            {
                collection.Add(owners[row.Owner], row.Entry, forMaterialization: true);
            }
        };
    }
}
