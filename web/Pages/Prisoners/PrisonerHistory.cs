using Prison.Db.History;

namespace Prison.Web.Pages.Prisoners;

/// <summary>The latest changes of one prisoner's verdict, newest first, and whether older ones exist.</summary>
public sealed record PrisonerHistory(IReadOnlyList<VerdictChange> Changes, bool HasOlder);
