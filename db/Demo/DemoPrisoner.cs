using Bogus;
using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Db.Demo;

/// <summary>
/// A demo prisoner while its record is written: the admitted aggregate and the days its records can
/// plausibly carry. Staff write notices, tests and requests while they hold someone, so those days fall
/// inside the current custody episode; nothing but a scheduled hearing or a ban's end lies after today.
/// </summary>
internal sealed class DemoPrisoner(
    Prisoner prisoner,
    Randomizer random,
    DateOnly today,
    DateOnly inCustodySince,
    DateOnly offenceDate,
    DateOnly firstInCustody)
{
    public Prisoner Prisoner { get; } = prisoner;

    public Randomizer Random { get; } = random;

    public DateOnly Today { get; } = today;

    /// <summary>The reception that began the current custody episode, before any transfer.</summary>
    public DateOnly InCustodySince { get; } = inCustodySince;

    /// <summary>The day of the offence that brought the prisoner in; no stay covers it, so rule 40 stays quiet.</summary>
    public DateOnly OffenceDate { get; } = offenceDate;

    public DateOnly DaysAgo(int min, int max) => Today.AddDays(-Random.Number(min, max));

    /// <summary>
    /// A day in custody <paramref name="minDaysAgo"/> to <paramref name="maxDaysAgo"/> days ago or, for someone
    /// held for less than <paramref name="minDaysAgo"/> days, any day since they came in. Either way the day is
    /// no older than <paramref name="maxDaysAgo"/>, so a window that reaches that far back still holds it.
    /// </summary>
    public DateOnly DayInCustody(int minDaysAgo, int maxDaysAgo) =>
        EarlierDayInCustody(minDaysAgo, maxDaysAgo) ?? Between(InCustodySince, Today);

    /// <summary>A day in custody <paramref name="minDaysAgo"/> to <paramref name="maxDaysAgo"/> days ago, or null when the prisoner came in later.</summary>
    public DateOnly? EarlierDayInCustody(int minDaysAgo, int maxDaysAgo)
    {
        var latest = Today.AddDays(-minDaysAgo);
        if (latest < InCustodySince)
        {
            return null;
        }

        var earliest = Today.AddDays(-maxDaysAgo);
        return Between(earliest > InCustodySince ? earliest : InCustodySince, latest);
    }

    /// <summary>A day before the prisoner was ever in custody, for old offences no stay may cover.</summary>
    public DateOnly BeforeFirstCustody(int minDays, int maxDays) => firstInCustody.AddDays(-Random.Number(minDays, maxDays));

    public T Pick<T>(params T[] items) => Random.ArrayElement(items);

    /// <summary>Records a charge dated <see cref="OffenceDate"/> unless told otherwise, concluded as given.</summary>
    public Charge Charge(string offence, OffenceCategory category, bool isViolent, ChargeOutcome outcome, DateOnly? offenceDate = null)
    {
        var charge = Prisoner.RecordCharge(offence, category, isViolent, offenceDate ?? OffenceDate);
        if (outcome != ChargeOutcome.Pending)
        {
            Prisoner.ConcludeCharge(charge.Id, outcome);
        }

        return charge;
    }

    private DateOnly Between(DateOnly first, DateOnly last) => first.AddDays(Random.Number(0, last.DayNumber - first.DayNumber));
}
