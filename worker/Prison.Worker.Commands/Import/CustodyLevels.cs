using Prison.Domain.Record;

namespace Prison.Worker.Import;

/// <summary>custody_level to security category.</summary>
public static class CustodyLevels
{
    /// <summary>
    /// MAX to B, MED to C, MIN to D; blank (new receptions not yet classified) to null, which leaves the category
    /// as it was. Not MAX to A: category A is an individual decision for the few whose escape would put the public
    /// or the state in danger, while MAX is the top band of a points score that a quarter of NYC's jail population
    /// reaches. Mapping MAX to A would make rule 23 fire for one prisoner in four and mean nothing.
    /// </summary>
    public static SecurityCategory? SecurityCategoryOf(string? level) => level switch
    {
        "MAX" => SecurityCategory.B,
        "MED" => SecurityCategory.C,
        "MIN" => SecurityCategory.D,
        _ => null,
    };
}
