namespace Prison.Db.Reads;

/// <summary>
/// A current prisoner's stored forecast, kept under its current stay's prison by the database's triggers (migration
/// 040): a prison's "Coming up" page walks these rows in its own order, from its cursor (<see cref="ComingUpReads"/>).
/// The verdict and forecast themselves are read beside it from the prisoner's row.
/// </summary>
public sealed class PrisonForecast
{
    public Guid PrisonerId { get; init; }

    public int PrisonId { get; init; }

    /// <summary>The forecast's instant (UTC), as on the prisoner's row.</summary>
    public DateTime ForecastAt { get; init; }

    public string Number { get; init; } = string.Empty;
}
