namespace Prison.Db.Reads;

/// <summary>
/// The net change of one stripe of a prison's Dangerous count on one UTC day. Written only by the database's triggers
/// (migration 025), in the same calls that keep <see cref="PrisonStatusCount"/>; the count at the end of a day is the
/// prison's count now minus the changes of the days after it (the overview's read).
/// </summary>
public sealed class PrisonDangerousDay
{
    public int PrisonId { get; init; }

    /// <summary>The UTC day of the database's clock when the change was written.</summary>
    public DateOnly Day { get; init; }

    public short Stripe { get; init; }

    public int DangerousChange { get; init; }
}
