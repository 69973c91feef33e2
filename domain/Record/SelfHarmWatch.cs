namespace Prison.Domain.Record;

/// <summary>A self-harm or suicide watch.</summary>
public sealed class SelfHarmWatch : Entry
{
    private SelfHarmWatch()
    {
        Period = new DateRange(DateOnly.MinValue);
    }

    internal SelfHarmWatch(DateOnly start)
        : base(Guid.CreateVersion7())
    {
        Period = new DateRange(start);
    }

    public DateRange Period { get; private set; }

    internal void End(DateOnly day) => Period = Period.EndedOn(day);

    /// <summary>Takes back an end recorded in error: the period runs on.</summary>
    internal void Reopen() => Period = new DateRange(Period.Start);

    public override string ToString() => $"self-harm watch {Period}";
}
