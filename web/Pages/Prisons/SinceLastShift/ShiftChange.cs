using Prison.Db.History;
using Prison.Domain;

namespace Prison.Web.Pages.Prisons.SinceLastShift;

/// <summary>
/// A change of "Since last shift": the change, and the prisoner it is about as the page shows them now; for a reader
/// limited to prisons, a prisoner held now at none of theirs (since transferred or released) has no number, name or
/// status now: the change at their prison is shown, not who it was nor where they are.
/// </summary>
public sealed record ShiftChange(VerdictChange Change, string? Number, string? Name, DangerStatus? StatusNow)
{
    /// <summary>Whether the prisoner is now beyond the reader's prisons, and shown without number, name or status.</summary>
    public bool IsBeyondReach => Number is null;
}
