namespace Prison.Db.Identity;

/// <summary>
/// Whether whoever acts in this scope reaches every prison, as headquarters does. Acts on the whole installation
/// (changing the rule set, approving a rules assembly) need it, whatever page or command asks for them.
/// </summary>
public interface IActorReach
{
    bool ReachesEveryPrison { get; }
}
