namespace Prison.Domain.Record;

/// <summary>A breach of a no-contact order protecting a victim.</summary>
public sealed class ContactOrderBreach : Entry
{
    private ContactOrderBreach()
    {
        Description = string.Empty;
    }

    internal ContactOrderBreach(DateOnly date, string description)
        : base(Guid.CreateVersion7())
    {
        Date = date;
        Description = Require.Text(description, nameof(description));
    }

    public DateOnly Date { get; private set; }

    public string Description { get; private set; }

    public override string ToString() => $"no-contact order breach of {Date:yyyy-MM-dd}: {Description}";
}
