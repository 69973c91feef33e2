namespace Prison.Db.Identity;

/// <summary>
/// The prisons given to a user: every one (headquarters), or those named by their codes. A user limited to prisons
/// reaches those prisons and the prisoners held there now; Staff and Admin need at least one prison or all of them,
/// and a user with none (an operator) reaches no prisoner.
/// </summary>
public sealed record PrisonAccess(bool AllPrisons, IReadOnlyList<string> PrisonCodes)
{
    public static readonly PrisonAccess All = new(true, []);

    public static readonly PrisonAccess None = new(false, []);

    public static PrisonAccess Only(params IReadOnlyList<string> codes) => new(false, codes);

    public bool IsNone => !AllPrisons && PrisonCodes.Count == 0;

    /// <summary>As listings and the audit log say it: "all prisons", "no prison" or the codes.</summary>
    public override string ToString() => AllPrisons ? "all prisons" : IsNone ? "no prison" : string.Join(", ", PrisonCodes);
}
