namespace Prison.Web.Api;

/// <summary>A page of a list, and where the next starts: null on the last page (for a feed, the cursor to ask with next time).</summary>
public sealed record ApiPage<T>(IReadOnlyList<T> Items, string? Next);
