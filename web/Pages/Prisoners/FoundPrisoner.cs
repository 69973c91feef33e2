using Prison.Db;
using Prison.Db.Search;

namespace Prison.Web.Pages.Prisoners;

/// <summary>A row of the search's statement: the keys that found the prisoner, and what the result shows of them.</summary>
internal sealed record FoundPrisoner(string NumberKey, string NameKey, string SurnameKey, SearchHit Hit);
