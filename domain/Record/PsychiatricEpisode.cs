namespace Prison.Domain.Record;

public sealed class PsychiatricEpisode : Entry
{
    private PsychiatricEpisode()
    {
        Note = string.Empty;
    }

    internal PsychiatricEpisode(DateOnly date, bool isViolent, string note)
        : base(Guid.CreateVersion7())
    {
        Date = date;
        IsViolent = isViolent;
        Note = Require.Text(note, nameof(note));
    }

    public DateOnly Date { get; private set; }

    public bool IsViolent { get; private set; }

    public string Note { get; private set; }

    public override string ToString() => $"{(IsViolent ? "violent " : "")}psychiatric episode of {Date:yyyy-MM-dd}: {Note}";
}
