namespace Prison.Domain.Record;

/// <summary>
/// A period that starts on <see cref="Start"/> and, once ended, ended on <see cref="End"/>.
/// The end day itself is outside the period: a watch ended on the 5th is no longer running on the 5th.
/// </summary>
public sealed record DateRange
{
    public DateRange(DateOnly start, DateOnly? end = null)
    {
        if (end < start)
        {
            throw new RecordRefusedException($"The end ({end:yyyy-MM-dd}) is before the start ({start:yyyy-MM-dd}).");
        }

        Start = start;
        End = end;
    }

    public DateOnly Start { get; }

    public DateOnly? End { get; }

    public bool IsActiveOn(DateOnly today) => Start <= today && (End is null || today < End);

    /// <summary>The next day after <paramref name="today"/> on which <see cref="IsActiveOn"/> gives another answer.</summary>
    public DateOnly? NextChangeAfter(DateOnly today)
    {
        if (today < Start)
        {
            return Start;
        }

        return End > today ? End : null;
    }

    public DateRange EndedOn(DateOnly end) => new(Start, end);

    public override string ToString() => End is null ? $"since {Start:yyyy-MM-dd}" : $"{Start:yyyy-MM-dd} to {End:yyyy-MM-dd}";
}
