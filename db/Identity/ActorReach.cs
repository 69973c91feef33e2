namespace Prison.Db.Identity;

/// <summary>
/// What the one acting reaches: every prison (headquarters: an admin of every prison, a process, the command line), or
/// some prisons. Acts on the whole installation (the rule set, rules assemblies) need every prison, and
/// <see cref="StaffAccounts"/> checks on every change it makes for someone else whose account is the actor's to manage:
/// headquarters manage anyone. An admin limited to prisons
/// manages only users who work within those prisons and are no operator, gives only those prisons, and never grants
/// Admin or Operator: a user of no prison or of every prison, and an operator (whose jobs reach every prison), are
/// headquarters' to manage.
/// </summary>
public sealed class ActorReach
{
    /// <summary>The roles only headquarters grant: an admin's power over accounts, an operator's over every prison's jobs.</summary>
    public static readonly IReadOnlyList<string> HeadquartersRoles = [Roles.Admin, Roles.Operator];

    private readonly IReadOnlySet<int>? prisonIds;

    private ActorReach(IReadOnlySet<int>? prisonIds) => this.prisonIds = prisonIds;

    public static ActorReach Headquarters { get; } = new(null);

    /// <summary>An admin limited to <paramref name="prisonIds"/>: none at all manages nobody.</summary>
    public static ActorReach Within(IEnumerable<int> prisonIds) => new(prisonIds.ToHashSet());

    /// <summary>Whether the one acting is headquarters.</summary>
    public bool ReachesEveryPrison => prisonIds is null;

    /// <summary>The prisons of an admin limited to prisons, for the reads that list whom they manage; null for headquarters.</summary>
    public IReadOnlyCollection<int>? PrisonIds => prisonIds;

    /// <summary>Whether a user of <paramref name="allPrisons"/> or <paramref name="userPrisonIds"/> with <paramref name="roles"/> is this one's to manage.</summary>
    public bool MayManage(bool allPrisons, IReadOnlyCollection<int> userPrisonIds, IEnumerable<string> roles) =>
        MayGive(allPrisons, userPrisonIds) && (prisonIds is null || !roles.Contains(Roles.Operator));

    /// <summary>Whether this one may give every prison (<paramref name="allPrisons"/>) or <paramref name="givenPrisonIds"/>: at least one, each theirs.</summary>
    public bool MayGive(bool allPrisons, IReadOnlyCollection<int> givenPrisonIds) =>
        prisonIds is null || (!allPrisons && givenPrisonIds.Count > 0 && givenPrisonIds.All(prisonIds.Contains));

    /// <summary>
    /// Whether this one may reset the password or the second factor of a user with <paramref name="roles"/>: the new
    /// password is shown to the one resetting, who could then sign in as that user. An admin's is a headquarters act,
    /// so that an admin of some prisons cannot act under a fellow admin's name.
    /// </summary>
    public bool MayResetCredentialsOf(IEnumerable<string> roles) => prisonIds is null || !roles.Contains(Roles.Admin);

    /// <summary>Whether this one may add <paramref name="roles"/> to a user who does not hold them yet.</summary>
    public bool MayGrant(IEnumerable<string> roles) => prisonIds is null || !roles.Any(HeadquartersRoles.Contains);
}
