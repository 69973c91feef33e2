namespace Prison.Domain.Record;

public sealed record Sentence
{
    private Sentence(int months, bool isLife)
    {
        Months = months;
        IsLife = isLife;
    }

    /// <summary>Length in months; 0 for a life sentence, which has no fixed length.</summary>
    public int Months { get; }

    public bool IsLife { get; }

    public static Sentence Life { get; } = new(0, true);

    public static Sentence OfMonths(int months) =>
        months > 0 ? new Sentence(months, false) : throw new RecordRefusedException($"A sentence lasts at least one month, not {months}.");

    public static Sentence OfYears(int years) => OfMonths(checked(years * 12));

    public bool IsAtLeastYears(int years) => IsLife || Months >= years * 12;

    public override string ToString() => IsLife ? "life" : Months % 12 == 0 ? $"{Months / 12} years" : $"{Months} months";
}
