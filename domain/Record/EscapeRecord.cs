namespace Prison.Domain.Record;

public sealed class EscapeRecord : Entry
{
    private EscapeRecord()
    {
    }

    internal EscapeRecord(DateOnly date, EscapeKind kind)
        : base(Guid.CreateVersion7())
    {
        Date = date;
        Kind = kind;
    }

    public DateOnly Date { get; private set; }

    public EscapeKind Kind { get; private set; }

    public override string ToString() => $"{Words.Of(Kind)} on {Date:yyyy-MM-dd}";
}
