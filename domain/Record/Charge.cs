namespace Prison.Domain.Record;

public sealed class Charge : Entry
{
    private Charge()
    {
        Offence = string.Empty;
    }

    internal Charge(string offence, OffenceCategory category, bool isViolent, DateOnly? offenceDate)
        : base(Guid.CreateVersion7())
    {
        Offence = Require.Text(offence, nameof(offence));
        Category = category;
        IsViolent = isViolent;
        OffenceDate = offenceDate;
    }

    public string Offence { get; private set; }

    public OffenceCategory Category { get; private set; }

    public bool IsViolent { get; private set; }

    public ChargeOutcome Outcome { get; private set; }

    public DateOnly? OffenceDate { get; private set; }

    /// <summary>
    /// The day another charge took this one's place as the charge the prisoner is held on (the custody files named
    /// another top charge, or none); null while nothing has. The outcome stays as it was: being superseded says
    /// nothing of how the charge ended, only that it no longer stands as a current charge.
    /// </summary>
    public DateOnly? SupersededOn { get; private set; }

    public bool IsConvicted => Outcome == ChargeOutcome.Convicted;

    public bool IsSuperseded => SupersededOn is not null;

    internal void Conclude(ChargeOutcome outcome) => Outcome = outcome;

    internal void Supersede(DateOnly day)
    {
        if (SupersededOn is { } earlier)
        {
            throw new RecordRefusedException($"This charge was superseded already, on {earlier:yyyy-MM-dd}.");
        }

        SupersededOn = day;
    }

    /// <summary>Takes back a superseding recorded in error: the charge is current again.</summary>
    internal void Reopen() => SupersededOn = null;

    public override string ToString() =>
        $"{Offence} ({Words.InSentence(Category)}{(IsViolent ? ", violent" : "")}, {Words.InSentence(Outcome)}{(OffenceDate is { } d ? $", offence of {d:yyyy-MM-dd}" : "")}" +
        $"{(SupersededOn is { } s ? $", superseded {s:yyyy-MM-dd}" : "")})";
}
