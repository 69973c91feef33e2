namespace Prison.Domain.Record;

/// <summary>A detainer or warrant lodged by another authority, active from lodging until lifted.</summary>
public sealed class Detainer : Entry
{
    private Detainer()
    {
        Authority = string.Empty;
        Period = new DateRange(DateOnly.MinValue);
    }

    internal Detainer(string authority, DateOnly lodged)
        : base(Guid.CreateVersion7())
    {
        Authority = Require.Text(authority, nameof(authority), 200);
        Period = new DateRange(lodged);
    }

    public string Authority { get; private set; }

    public DateRange Period { get; private set; }

    internal void Lift(DateOnly day) => Period = Period.EndedOn(day);

    /// <summary>Takes back an end recorded in error: the period runs on.</summary>
    internal void Reopen() => Period = new DateRange(Period.Start);

    public override string ToString() => $"detainer by {Authority} {Period}";
}
