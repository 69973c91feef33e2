namespace Prison.Domain.Record;

/// <summary>A prescribed medication that stopped being taken, and whether the prisoner was the one who stopped it.</summary>
public sealed class MedicationStop : Entry
{
    private MedicationStop()
    {
        Medication = string.Empty;
    }

    internal MedicationStop(DateOnly date, string medication, bool isAntipsychotic, bool stoppedByPrisoner)
        : base(Guid.CreateVersion7())
    {
        Date = date;
        Medication = Require.Text(medication, nameof(medication), 200);
        IsAntipsychotic = isAntipsychotic;
        StoppedByPrisoner = stoppedByPrisoner;
    }

    public DateOnly Date { get; private set; }

    public string Medication { get; private set; }

    public bool IsAntipsychotic { get; private set; }

    public bool StoppedByPrisoner { get; private set; }

    public override string ToString() =>
        $"{Medication}{(IsAntipsychotic ? " (antipsychotic)" : "")} stopped {(StoppedByPrisoner ? "by the prisoner" : "by the prescriber")} on {Date:yyyy-MM-dd}";
}
