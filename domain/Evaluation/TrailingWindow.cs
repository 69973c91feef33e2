namespace Prison.Domain.Evaluation;

/// <summary>
/// "In the last N days / months / years", as RULES.md defines it: a date counts when
/// <c>date &gt; today - N</c> and it is not in the future. A date counts from its own day until the
/// first day for which <c>today - N</c> has reached it; month and year arithmetic clamps to the end of
/// shorter months (a notice of 31 December still counts on 28 February, two months on).
/// </summary>
public sealed class TrailingWindow
{
    private readonly Func<DateOnly, int, DateOnly> _add;

    private TrailingWindow(int length, string unit, Func<DateOnly, int, DateOnly> add)
    {
        if (length <= 0)
        {
            throw new ArgumentOutOfRangeException(nameof(length), length, "A window has a positive length.");
        }

        Length = length;
        Unit = unit;
        _add = add;
    }

    public int Length { get; }

    public string Unit { get; }

    public static TrailingWindow Days(int days) => new(days, days == 1 ? "day" : "days", (d, n) => d.AddDays(n));

    public static TrailingWindow Months(int months) => new(months, months == 1 ? "month" : "months", (d, n) => d.AddMonths(n));

    public static TrailingWindow Years(int years) => new(years, years == 1 ? "year" : "years", (d, n) => d.AddYears(n));

    public bool Contains(DateOnly date, DateOnly today) => date <= today && date > _add(today, -Length);

    /// <summary>The next day after <paramref name="today"/> on which <see cref="Contains"/> changes for this date, if any.</summary>
    public DateOnly? NextChange(DateOnly date, DateOnly today)
    {
        if (date > today)
        {
            return date;
        }

        if (!Contains(date, today))
        {
            return null;
        }

        // The window's lower bound only moves forward, so the answer is the one day near date + N that is
        // outside while the day before is inside; month clamping moves it by a few days at most.
        var day = _add(date, Length);
        if (day <= today)
        {
            day = today.AddDays(1);
        }

        while (day.AddDays(-1) > today && !Contains(date, day.AddDays(-1)))
        {
            day = day.AddDays(-1);
        }

        while (Contains(date, day))
        {
            day = day.AddDays(1);
        }

        return day;
    }

    public override string ToString() => $"{Length} {Unit}";
}
