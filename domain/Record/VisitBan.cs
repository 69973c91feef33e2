namespace Prison.Domain.Record;

public sealed class VisitBan : Entry
{
    private VisitBan()
    {
        Reason = string.Empty;
        Period = new DateRange(DateOnly.MinValue);
    }

    internal VisitBan(DateRange period, string reason)
        : base(Guid.CreateVersion7())
    {
        Period = period;
        Reason = Require.Text(reason, nameof(reason), 500);
    }

    public DateRange Period { get; private set; }

    public string Reason { get; private set; }

    internal void Lift(DateOnly day) => Period = Period.EndedOn(day);

    /// <summary>Takes back an end recorded in error: the period runs on.</summary>
    internal void Reopen() => Period = new DateRange(Period.Start);

    public override string ToString() => $"visit ban {Period}: {Reason}";
}
