namespace Prison.Domain.Record;

public sealed class Charge : Entity
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

    public bool IsConvicted => Outcome == ChargeOutcome.Convicted;

    internal void Conclude(ChargeOutcome outcome) => Outcome = outcome;

    public override string ToString() =>
        $"{Offence} ({Category}{(IsViolent ? ", violent" : "")}, {Outcome}{(OffenceDate is { } d ? $", offence of {d:yyyy-MM-dd}" : "")})";
}
