using Prison.Db;
using Prison.Db.Search;

namespace Prison.Web.Pages.Prisoners;

/// <summary>
/// What a search found, the number matches first (an exact number before the longer ones it starts), then the names in
/// order; <see cref="More"/> when there were more than <see cref="SearchReads.MaxHits"/>.
/// </summary>
public sealed record SearchResults(IReadOnlyList<SearchHit> Hits, bool More)
{
    public static SearchResults None { get; } = new([], false);
}
