namespace Prison.Db.Runs;

/// <summary>Which prisoners a run re-evaluates: all of them, a prison's current prisoners, or one prisoner.</summary>
public sealed record RunScope(string Description, int? PrisonId = null, Guid? PrisonerId = null)
{
    public static RunScope All { get; } = new("all");

    public static RunScope Prison(int prisonId, string code) => new($"prison {code}", PrisonId: prisonId);

    public static RunScope Prisoner(Guid prisonerId, string number) => new($"prisoner {number}", PrisonerId: prisonerId);
}
