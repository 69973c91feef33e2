namespace Prison.Domain.Record;

public sealed class SegregationPeriod : Entry
{
    private SegregationPeriod()
    {
        Reason = string.Empty;
        Period = new DateRange(DateOnly.MinValue);
    }

    internal SegregationPeriod(DateOnly start, string reason)
        : base(Guid.CreateVersion7())
    {
        Reason = Require.Text(reason, nameof(reason), 500);
        Period = new DateRange(start);
    }

    public string Reason { get; private set; }

    public DateRange Period { get; private set; }

    internal void End(DateOnly day) => Period = Period.EndedOn(day);

    /// <summary>Takes back an end recorded in error: the period runs on.</summary>
    internal void Reopen() => Period = new DateRange(Period.Start);

    public override string ToString() => $"segregation {Period}: {Reason}";
}
