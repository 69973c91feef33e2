using System.Linq.Expressions;
using System.Reflection;
using System.Runtime.CompilerServices;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata;
using Microsoft.EntityFrameworkCore.Query;
using Prison.Db.Mappings;
using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Db.Reads;

/// <summary>
/// The collections of a prisoner's record, and which of them hold entries for some prisoners. A typical record fills
/// three or four of its seventeen collections, so asking first (one statement) and then loading only those spares a
/// change on one prisoner a dozen statements that would each come back empty. On two cores shared by the database, web
/// and the worker, those round trips held verdicts back: at 200 changes a second, p50 from commit to verdict was
/// 817 ms with them and 13 to 24 ms without (docs/benchmarks.md).
/// </summary>
internal static class RecordParts
{
    private static readonly ConditionalWeakTable<IModel, Func<PrisonDb, Guid[], IAsyncEnumerable<int>>> Probes = new();

    /// <summary>The record's collections, in the order that <see cref="HeldByAsync"/> numbers them.</summary>
    public static IReadOnlyList<INavigation> Collections(IModel model) =>
        model.FindEntityType(typeof(Prisoner))!.GetNavigations().Where(navigation => navigation.IsCollection).ToList();

    /// <summary>The positions, in <see cref="Collections"/>, of the collections that hold an entry of any of these prisoners.</summary>
    public static async Task<IReadOnlySet<int>> HeldByAsync(PrisonDb db, Guid[] prisonerIds, CancellationToken cancellationToken)
    {
        var held = new HashSet<int>();
        await foreach (var position in Probes.GetValue(db.Model, Compile)(db, prisonerIds).WithCancellation(cancellationToken))
        {
            held.Add(position);
        }

        return held;
    }

    /// <summary>
    /// One compiled statement: for each collection, its position if it has at least one entry of these prisoners, all
    /// in one UNION ALL. Each part stops at its first entry found through the index on the prisoner's key.
    /// </summary>
    private static Func<PrisonDb, Guid[], IAsyncEnumerable<int>> Compile(IModel model)
    {
        var db = Expression.Parameter(typeof(PrisonDb), "db");
        var prisonerIds = Expression.Parameter(typeof(Guid[]), "prisonerIds");
        var part = typeof(RecordParts).GetMethod(nameof(Holding), BindingFlags.NonPublic | BindingFlags.Static)!;
        var union = Collections(model)
            .Select((navigation, position) => (Expression)part.MakeGenericMethod(navigation.TargetEntityType.ClrType).Invoke(null, [db, prisonerIds, position])!)
            .Aggregate((all, next) => Expression.Call(typeof(Queryable), nameof(Queryable.Concat), [typeof(int)], all, next));
        return EF.CompileAsyncQuery(Expression.Lambda<Func<PrisonDb, Guid[], IQueryable<int>>>(union, db, prisonerIds));
    }

    /// <summary><paramref name="position"/>, once, if the collection of <typeparamref name="T"/> has an entry of these prisoners.</summary>
    private static Expression Holding<T>(ParameterExpression db, ParameterExpression prisonerIds, int position)
        where T : Entity
    {
        // Any entry will do. Ordered by the constant only because EF warns of a row limit without an order: it writes
        // ORDER BY (SELECT 1), which PostgreSQL plans away (still one index-only scan that stops at its first entry).
        Expression<Func<PrisonDb, Guid[], int, IQueryable<int>>> part = (db, prisonerIds, position) => db.Set<T>()
            .Where(entry => prisonerIds.Contains(EF.Property<Guid>(entry, PrisonerConfiguration.PrisonerKey)))
            .Select(entry => position)
            .OrderBy(held => held)
            .Take(1);
        return ReplacingExpressionVisitor.Replace(part.Parameters, [db, prisonerIds, Expression.Constant(position)], part.Body);
    }
}
