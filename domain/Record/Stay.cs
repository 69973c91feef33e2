namespace Prison.Domain.Record;

/// <summary>A stay at one prison, from arrival to release or transfer out. A transfer ends it and starts a new stay at the prison received at.</summary>
public sealed class Stay : Entry
{
    private Stay()
    {
    }

    internal Stay(int prisonId, DateOnly arrivalDate, ArrivalReason reason)
        : base(Guid.CreateVersion7())
    {
        PrisonId = prisonId;
        ArrivalDate = arrivalDate;
        ArrivalReason = reason;
    }

    public int PrisonId { get; private set; }

    public DateOnly ArrivalDate { get; private set; }

    public ArrivalReason ArrivalReason { get; private set; }

    public DateOnly? LeftOn { get; private set; }

    public Sentence? Sentence { get; private set; }

    public bool IsCurrent => LeftOn is null;

    /// <summary>Whether <paramref name="day"/> falls inside this stay (both ends included).</summary>
    public bool Covers(DateOnly day) => ArrivalDate <= day && (LeftOn is null || day <= LeftOn);

    internal void Leave(DateOnly day)
    {
        if (day < ArrivalDate)
        {
            throw new RecordRefusedException($"Leaving on {day:yyyy-MM-dd} is before the arrival on {ArrivalDate:yyyy-MM-dd}.");
        }

        LeftOn = day;
    }

    /// <summary>Undoes a leaving that did not happen (the transfer that ended it was struck out).</summary>
    internal void Reopen() => LeftOn = null;

    internal void Sentenced(Sentence? sentence) => Sentence = sentence;

    public override string ToString() =>
        $"{ArrivalReason switch { ArrivalReason.NewReception => "received", ArrivalReason.Transfer => "transferred", _ => "transferred for disciplinary reasons" }} " +
        $"at prison {PrisonId} on {ArrivalDate:yyyy-MM-dd}{(LeftOn is { } left ? $", left {left:yyyy-MM-dd}" : "")}";
}
