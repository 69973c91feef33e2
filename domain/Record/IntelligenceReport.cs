namespace Prison.Domain.Record;

public sealed class IntelligenceReport : Entry
{
    private IntelligenceReport()
    {
        Summary = string.Empty;
    }

    internal IntelligenceReport(DateOnly date, IntelligenceGrade grade, string summary)
        : base(Guid.CreateVersion7())
    {
        Date = date;
        Grade = grade;
        Summary = Require.Text(summary, nameof(summary));
    }

    public DateOnly Date { get; private set; }

    public IntelligenceGrade Grade { get; private set; }

    public string Summary { get; private set; }

    public override string ToString() => $"{Grade} grade intelligence of {Date:yyyy-MM-dd}: {Summary}";
}
