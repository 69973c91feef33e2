namespace Prison.Domain.Record;

/// <summary>A drug withdrawal episode in the medical record.</summary>
public sealed class WithdrawalEpisode : Entry
{
    private WithdrawalEpisode()
    {
        Substance = string.Empty;
        Period = new DateRange(DateOnly.MinValue);
    }

    internal WithdrawalEpisode(DateOnly start, string substance)
        : base(Guid.CreateVersion7())
    {
        Substance = Require.Text(substance, nameof(substance), 200);
        Period = new DateRange(start);
    }

    public string Substance { get; private set; }

    public DateRange Period { get; private set; }

    internal void End(DateOnly day) => Period = Period.EndedOn(day);

    /// <summary>Takes back an end recorded in error: the period runs on.</summary>
    internal void Reopen() => Period = new DateRange(Period.Start);

    public override string ToString() => $"{Substance} withdrawal {Period}";
}
