using Prison.Domain;

namespace Prison.Db.Search;

/// <summary>
/// What a prisoner is found by (migration 014): the keys (<see cref="SearchKey"/>) of the number, the name as written and
/// the name from its last word. Written by <see cref="PrisonDb"/>'s save whenever a prisoner is added or renamed, and by
/// <see cref="PrisonerSearchKeys.AddMissingSearchKeysAsync"/> for prisoners stored before the keys were.
/// </summary>
public sealed class PrisonerSearchKey
{
    public Guid PrisonerId { get; private set; }

    public string NumberKey { get; private set; } = string.Empty;

    public string NameKey { get; private set; } = string.Empty;

    public string SurnameKey { get; private set; } = string.Empty;

    public static PrisonerSearchKey Of(Prisoner prisoner) => Of(prisoner.Id, prisoner.Number, prisoner.Name);

    public static PrisonerSearchKey Of(Guid prisonerId, string number, string name) => new()
    {
        PrisonerId = prisonerId,
        NumberKey = SearchKey.Of(number),
        NameKey = SearchKey.Of(name),
        SurnameKey = SearchKey.FromLastWord(name),
    };

    /// <summary>Takes the keys of <paramref name="prisoner"/> as it is now.</summary>
    public void Follow(Prisoner prisoner)
    {
        NumberKey = SearchKey.Of(prisoner.Number);
        NameKey = SearchKey.Of(prisoner.Name);
        SurnameKey = SearchKey.FromLastWord(prisoner.Name);
    }
}
