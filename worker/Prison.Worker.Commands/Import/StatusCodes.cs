using Prison.Domain.Record;

namespace Prison.Worker.Import;

/// <summary>inmate_status_code to legal status.</summary>
public static class StatusCodes
{
    private static readonly HashSet<string> Sentenced = new(StringComparer.OrdinalIgnoreCase) { "CS", "CSP", "SSR" };

    /// <summary>
    /// CS, CSP and SSR are sentenced (city sentence, city sentence with parole, state sentence ready) and map to
    /// Convicted. Every other code (DE, DEP, DPV and DNS are detained and not yet sentenced; anything unknown, or
    /// blank, is treated the same, as the data's notes advise) maps to Remand rather than AwaitingTrial: a DOC
    /// detainee is held by a court's order while the case goes on, which is what remand means, and the files do
    /// not say whether a trial date is set. Rule 1 reads both alike.
    /// </summary>
    public static LegalStatus LegalStatusOf(string? code) =>
        code is not null && Sentenced.Contains(code) ? LegalStatus.Convicted : LegalStatus.Remand;
}
