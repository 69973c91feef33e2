namespace Prison.Db.Identity;

/// <summary>
/// Whose accounts the one acting may manage, checked by <see cref="StaffAccounts"/> on every change it makes for
/// someone else. Headquarters (an admin of every prison, the command line) manage anyone. An admin limited to prisons
/// manages only users who work within those prisons and are no operator, gives only those prisons, and never grants
/// Admin or Operator: a user of no prison or of every prison, and an operator (whose jobs reach every prison), are
/// headquarters' to manage.
/// </summary>
public sealed class AccountAuthority
{
    /// <summary>The roles only headquarters grant: an admin's power over accounts, an operator's over every prison's jobs.</summary>
    public static readonly IReadOnlyList<string> HeadquartersRoles = [Roles.Admin, Roles.Operator];

    private readonly IReadOnlySet<int>? prisonIds;

    private AccountAuthority(IReadOnlySet<int>? prisonIds) => this.prisonIds = prisonIds;

    public static AccountAuthority Headquarters { get; } = new(null);

    /// <summary>An admin limited to <paramref name="prisonIds"/>: none at all manages nobody.</summary>
    public static AccountAuthority Within(IEnumerable<int> prisonIds) => new(prisonIds.ToHashSet());

    public bool IsHeadquarters => prisonIds is null;

    /// <summary>Whether a user of <paramref name="allPrisons"/> or <paramref name="userPrisonIds"/> with <paramref name="roles"/> is this one's to manage.</summary>
    public bool MayManage(bool allPrisons, IReadOnlyCollection<int> userPrisonIds, IEnumerable<string> roles) =>
        MayGive(allPrisons, userPrisonIds) && (prisonIds is null || !roles.Contains(Roles.Operator));

    /// <summary>Whether this one may give every prison (<paramref name="allPrisons"/>) or <paramref name="givenPrisonIds"/>: at least one, each theirs.</summary>
    public bool MayGive(bool allPrisons, IReadOnlyCollection<int> givenPrisonIds) =>
        prisonIds is null || (!allPrisons && givenPrisonIds.Count > 0 && givenPrisonIds.All(prisonIds.Contains));

    /// <summary>Whether this one may add <paramref name="roles"/> to a user who does not hold them yet.</summary>
    public bool MayGrant(IEnumerable<string> roles) => prisonIds is null || !roles.Any(HeadquartersRoles.Contains);
}
