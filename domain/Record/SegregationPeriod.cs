namespace Prison.Domain.Record;

public sealed class SegregationPeriod : Entity
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

    public override string ToString() => $"segregation {Period}: {Reason}";
}
