namespace Prison.Domain.Record;

public sealed class CourtHearing : Entry
{
    private CourtHearing()
    {
        Court = string.Empty;
    }

    internal CourtHearing(DateOnly date, string court)
        : base(Guid.CreateVersion7())
    {
        Date = date;
        Court = Require.Text(court, nameof(court), 200);
    }

    public DateOnly Date { get; private set; }

    public string Court { get; private set; }

    public override string ToString() => $"hearing at {Court} on {Date:yyyy-MM-dd}";
}
