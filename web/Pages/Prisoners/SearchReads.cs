using Prison.Db;
using Prison.Db.Search;

namespace Prison.Web.Pages.Prisoners;

/// <summary>Finding a prisoner by number or name, in every prison or in the prisons a user works in.</summary>
public static class SearchReads
{
    public const int MaxHits = 50;

    /// <summary>
    /// Prisoners whose number, first name or last name starts with <paramref name="text"/>, as staff type it: any case,
    /// with or without accents (both sides go through <see cref="SearchKey"/>), up to <see cref="MaxHits"/>, numbers
    /// first, then first names, then last names, each in the order of its key. ONE statement
    /// (<see cref="SearchQueries.Prefix"/>). With <paramref name="prisonIds"/> (null: every prisoner), only the
    /// prisoners held now at one of those prisons, filtered inside the same statement
    /// (<see cref="SearchQueries.PrefixWithin"/>): nobody else is found, and the limit counts only those within reach.
    /// </summary>
    public static async Task<SearchResults> SearchAsync(this PrisonDb db, string text, IReadOnlyCollection<int>? prisonIds, CancellationToken cancellationToken = default)
    {
        var from = SearchKey.Of(text);
        if (from.Length == 0)
        {
            return SearchResults.None;
        }

        var found = new List<FoundPrisoner>(MaxHits + 1);
        var queries = SearchQueries.For(db.Model);
        var rows = prisonIds is null
            ? queries.Prefix(db, from, SearchKey.UpperBound(from), [])
            : queries.PrefixWithin(db, from, SearchKey.UpperBound(from), [.. prisonIds]);
        await foreach (var row in rows.WithCancellation(cancellationToken))
        {
            found.Add(row);
        }

        // In the statement's order, which the join to the prisoners need not keep.
        var ordered = found
            .Select(f => f.NumberKey.StartsWith(from, StringComparison.Ordinal) ? (Match: 0, Key: f.NumberKey, f.NumberKey, f.Hit)
                : f.NameKey.StartsWith(from, StringComparison.Ordinal) ? (Match: 1, Key: f.NameKey, f.NumberKey, f.Hit)
                : (Match: 2, Key: f.SurnameKey, f.NumberKey, f.Hit))
            .OrderBy(f => f.Match)
            .ThenBy(f => f.Key, StringComparer.Ordinal)
            .ThenBy(f => f.NumberKey, StringComparer.Ordinal)
            .Select(f => f.Hit)
            .ToList();
        return new SearchResults([.. ordered.Take(MaxHits)], ordered.Count > MaxHits);
    }
}
