namespace Prison.Domain.Record;

public sealed class DisciplinaryNotice : Entry
{
    private DisciplinaryNotice()
    {
        Description = string.Empty;
    }

    internal DisciplinaryNotice(DateOnly date, NoticeType type, string description)
        : base(Guid.CreateVersion7())
    {
        Date = date;
        Type = type;
        Description = Require.Text(description, nameof(description));
    }

    public DateOnly Date { get; private set; }

    public NoticeType Type { get; private set; }

    public string Description { get; private set; }

    public override string ToString() => $"{Words.Of(Type)} notice of {Date:yyyy-MM-dd}: {Description}";
}
