using System.Runtime.CompilerServices;
using Microsoft.EntityFrameworkCore;
using Prison.Db.Mappings;
using Prison.Db.Reads;
using Prison.Domain;
using Prison.Domain.Messages;

namespace Prison.Db.Runs;

/// <summary>The statements a run is made of: cutting its scope into keyset batches, and finding one batch's prisoners.</summary>
public static class RunQueries
{
    private static readonly string CurrentlyAtPrison =
        $"EXISTS (SELECT 1 FROM imprisonment i WHERE i.prisoner_id = p.id AND i.prison_id = {{0}} AND {CurrentStayCondition.SqlOf("i")})";

    /// <summary>The last id of every batch of <paramref name="batchSize"/> prisoners in id order, and the run's total, in one statement.</summary>
    public static async Task<IReadOnlyList<BatchEnd>> BatchEndsAsync(this PrisonDb db, RunScope scope, int batchSize, CancellationToken cancellationToken)
    {
        var filter = new SqlFilter();
        filter.Add("p.id = {0}", scope.PrisonerId);
        filter.Add(CurrentlyAtPrison, scope.PrisonId);
        var sql = $"""
            SELECT id AS "Id", total AS "Total" FROM (
                SELECT p.id, row_number() OVER (ORDER BY p.id) AS n, count(*) OVER () AS total FROM prisoner p WHERE {filter.Where}) AS numbered
            WHERE n % {filter.Value(batchSize)} = 0 OR n = total
            """;
        return await db.Database.SqlQuery<BatchEnd>(filter.Statement(sql)).OrderBy(b => b.Id).ToListAsync(cancellationToken);
    }

    /// <summary>The prisoners one batch names, in one statement.</summary>
    public static async Task<IReadOnlyList<Guid>> IdsInRangeAsync(this PrisonDb db, ReevaluateRange range, CancellationToken cancellationToken)
    {
        var filter = new SqlFilter();
        filter.Add("p.id <= {0}", range.UpTo);
        filter.Add("p.id > {0}", range.After);
        filter.Add("p.id = {0}", range.PrisonerId);
        filter.Add(CurrentlyAtPrison, range.PrisonId);
        return await db.Database.SqlQuery<Guid>(filter.Statement($"""SELECT p.id AS "Value" FROM prisoner p WHERE {filter.Where}""")).ToListAsync(cancellationToken);
    }

    /// <summary>
    /// One batch's prisoners, each whole and untracked. A batch of every prisoner is read by its range of ids, one index
    /// scan a statement; a batch narrowed to a prison or a prisoner by its ids.
    /// </summary>
    public static async Task<IReadOnlyList<Prisoner>> LoadBatchAsync(this PrisonDb db, ReevaluateRange range, CancellationToken cancellationToken) =>
        range.PrisonId is null && range.PrisonerId is null
            ? await db.LoadPrisonersInRangeAsync(range.After, range.UpTo, cancellationToken)
            : await db.LoadPrisonersAsync(await db.IdsInRangeAsync(range, cancellationToken), Tracking.Untracked, cancellationToken);

    /// <summary>
    /// Conditions joined with AND whose values become parameters (never text in the SQL), each added only when its
    /// value is given: one statement text per shape, rather than a "value IS NULL OR ..." the planner cannot use.
    /// </summary>
    private sealed class SqlFilter
    {
        private readonly List<string> _conditions = ["1 = 1"];
        private readonly List<object> _values = [];

        public string Where => string.Join(" AND ", _conditions);

        public void Add(string condition, object? value)
        {
            if (value is not null)
            {
                _conditions.Add(condition.Replace("{0}", Value(value), StringComparison.Ordinal));
            }
        }

        /// <summary>A parameter's placeholder for the statement's text.</summary>
        public string Value(object value)
        {
            _values.Add(value);
            return $"{{{_values.Count - 1}}}";
        }

        public FormattableString Statement(string sql) => FormattableStringFactory.Create(sql, [.. _values]);
    }
}
