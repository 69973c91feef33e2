using Prison.Db.Writes;
using Prison.Domain;

namespace Prison.Web.Pages.Prisons.ComingUp;

/// <summary>A current prisoner whose stored verdict's forecast falls within the span asked: when, from what to what, and the rules that come and go.</summary>
public sealed record ComingUpRow(
    Guid PrisonerId,
    string Number,
    string Name,
    DateTime AtUtc,
    DangerStatus From,
    DangerStatus To,
    IReadOnlyList<RuleFacts> Came,
    IReadOnlyList<RuleFacts> Went);
