namespace Prison.Db.Identity;

/// <summary>A process or a command typed at a terminal acts for the whole installation: whoever runs it can reach the database anyway.</summary>
public sealed class ProcessReach : IActorReach
{
    public static readonly ProcessReach Instance = new();

    private ProcessReach()
    {
    }

    public bool ReachesEveryPrison => true;
}
