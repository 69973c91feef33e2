using System.Linq.Expressions;
using Prison.Domain.Record;

namespace Prison.Db.Mappings;

/// <summary>
/// A stay that is current: not left, not struck out. Declared once, for LINQ (EF Core inlines the expression, compiled
/// queries included) and for SQL (the raw statements and the partial indexes on current stays).
/// </summary>
public static class CurrentStayCondition
{
    public static readonly Expression<Func<Stay, bool>> Is = stay => stay.LeftOn == null && stay.Strike == null;

    /// <summary><see cref="Is"/> over the imprisonment table's columns, unqualified.</summary>
    public const string Sql = "left_on IS NULL AND struck_at IS NULL";

    /// <summary><see cref="Sql"/> for the imprisonment table under the alias <paramref name="alias"/>.</summary>
    public static string SqlOf(string alias) => $"{alias}.left_on IS NULL AND {alias}.struck_at IS NULL";
}
