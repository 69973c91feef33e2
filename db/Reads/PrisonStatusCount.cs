namespace Prison.Db.Reads;

/// <summary>
/// One stripe of a prison's counts of current prisoners by danger status. Written only by the database's triggers
/// (migration 009), in the transaction of every change of a status or a stay; a stripe alone means nothing and may
/// be negative: the sum over a prison's stripes is the count. On SQLite a prison has stripe 0 only.
/// </summary>
public sealed class PrisonStatusCount
{
    public int PrisonId { get; init; }

    public short Stripe { get; init; }

    public int Dangerous { get; init; }

    public int NotDangerous { get; init; }

    public int Unknown { get; init; }
}
