namespace Prison.Db.Events;

/// <summary>
/// One event out, as the database's triggers wrote it in the transaction of its change (migration 035): a verdict
/// that changed, or a stay that started or stopped. The relay publishes it and marks it relayed; nothing else writes.
/// </summary>
public sealed class PrisonEvent
{
    private PrisonEvent()
    {
    }

    /// <summary>The order a prisoner's events committed in: the relay's order, and the tie-breaker of the record version.</summary>
    public long Id { get; private set; }

    /// <summary>Unique, for consumers to deduplicate a redelivery.</summary>
    public Guid EventId { get; private set; }

    /// <summary>One of <see cref="PrisonEventKinds.All"/>.</summary>
    public string Kind { get; private set; } = "";

    public Guid PrisonerId { get; private set; }

    public string PrisonerNumber { get; private set; } = "";

    /// <summary>The prison the event is for: where the prisoner is held (a verdict) or arrived at or left (a stay); null when held nowhere.</summary>
    public int? PrisonId { get; private set; }

    /// <summary>The prisoner's change version when the change was written.</summary>
    public long RecordVersion { get; private set; }

    public DateTime OccurredAtUtc { get; private set; }

    public string? Status { get; private set; }

    /// <summary>Codes of the rules the verdict fired for, separated by spaces.</summary>
    public string? Reasons { get; private set; }

    /// <summary>JSON: the facts behind each fired rule (<see cref="Writes.RuleFacts"/>).</summary>
    public string? Facts { get; private set; }

    public DateTime? ForecastAtUtc { get; private set; }

    public string? ForecastStatus { get; private set; }

    /// <summary>JSON, as <see cref="Facts"/>: the rules that come when the forecast's instant passes.</summary>
    public string? ForecastCame { get; private set; }

    /// <summary>JSON, as <see cref="Facts"/>: the rules that go then.</summary>
    public string? ForecastWent { get; private set; }

    /// <summary>Where a transfer came from.</summary>
    public int? FromPrisonId { get; private set; }

    public Guid? StayId { get; private set; }

    /// <summary>The day of the arrival, or of the leaving.</summary>
    public DateOnly? Day { get; private set; }

    public DateTime? RelayedAtUtc { get; private set; }
}
