namespace Prison.Db.Search;

/// <summary>Finding a prisoner by number or name, in every prison.</summary>
public static class SearchReads
{
    public const int MaxHits = 50;

    /// <summary>
    /// Prisoners whose number, first name or last name starts with <paramref name="text"/>, as staff type it: any case,
    /// with or without accents (both sides go through <see cref="SearchKey"/>), up to <see cref="MaxHits"/>, numbers
    /// first, then first names, then last names, each in the order of its key. ONE statement
    /// (<see cref="SearchQueries.Prefix"/>). Every prison's prisoners are searched: a filter by prison would join the
    /// current stay's prison there.
    /// </summary>
    public static async Task<SearchResults> SearchAsync(this PrisonDb db, string text, CancellationToken cancellationToken = default)
    {
        var from = SearchKey.Of(text);
        if (from.Length == 0)
        {
            return SearchResults.None;
        }

        var found = new List<FoundPrisoner>(MaxHits + 1);
        await foreach (var row in SearchQueries.For(db.Model).Prefix(db, from, SearchKey.UpperBound(from)).WithCancellation(cancellationToken))
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
