namespace Prison.Db.Reads;

/// <summary>
/// One stripe of a prison's counts of current prisoners by danger status. Written only by the database's triggers
/// (migrations 009 and 014), in the transaction of every change of a status or a stay; a stripe alone means nothing and may
/// be negative: the sum over a prison's stripes is the count. On SQLite a prison has stripe 0 only.
/// </summary>
public sealed class PrisonStatusCount
{
    public int PrisonId { get; init; }

    public short Stripe { get; init; }

    public int Dangerous { get; init; }

    public int NotDangerous { get; init; }

    public int Unknown { get; init; }

    /// <summary>
    /// How many changes of the prison's dashboard (a row it shows, a count) this stripe has seen (migration 014): the
    /// sum over a prison's stripes is its <see cref="DashboardStamp"/>, which moves with every such change.
    /// </summary>
    public long Changes { get; init; }
}
