using Prison.Domain.Record;
using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class YoungAdultWithViolentChargeTests
{
    private static readonly DateOnly Today = Prisoners.Today; // born after 2001-11-21: still under 25
    private readonly YoungAdultWithViolentCharge _rule = new();

    [Fact]
    public void Fires_the_day_before_the_25th_birthday_and_changes_on_the_birthday()
    {
        var outcome = Evaluate(new DateOnly(2001, 11, 22));

        Assert.True(outcome.Fired);
        Assert.Equal(new DateOnly(2026, 11, 22), outcome.NextChange);
        Assert.Equal(["under 25 until 2026-11-22 (born 2001-11-22)", "Wounding (assault, violent, pending)"], outcome.Facts);
    }

    [Fact]
    public void Does_not_fire_on_the_25th_birthday()
    {
        var outcome = Evaluate(new DateOnly(2001, 11, 21));

        Assert.False(outcome.Fired);
        Assert.Null(outcome.NextChange);
    }

    [Fact]
    public void Does_not_fire_the_day_after_the_25th_birthday()
    {
        Assert.False(Evaluate(new DateOnly(2001, 11, 20)).Fired);
    }

    [Fact]
    public void Does_not_fire_without_a_violent_charge()
    {
        var outcome = Evaluate(new DateOnly(2005, 6, 1), isViolent: false);

        Assert.False(outcome.Fired);
        Assert.Null(outcome.NextChange);
    }

    [Theory]
    [InlineData(ChargeOutcome.Acquitted)]
    [InlineData(ChargeOutcome.Dropped)]
    public void Does_not_fire_for_a_violent_charge_that_no_longer_stands(ChargeOutcome outcome)
    {
        Assert.False(Evaluate(new DateOnly(2005, 6, 1), outcome: outcome).Fired);
    }

    [Fact]
    public void Does_not_fire_when_the_date_of_birth_is_unknown()
    {
        var prisoner = new Prisoner("A1234BC", "Test Prisoner", dateOfBirth: null, LegalStatus.Remand);
        prisoner.RecordCharge("Wounding", OffenceCategory.Assault, isViolent: true);

        var outcome = _rule.Evaluate(prisoner, Today);

        Assert.False(outcome.Fired);
        Assert.Null(outcome.NextChange);
    }

    [Fact]
    public void A_29_February_birthday_reaches_25_on_28_February_in_a_year_that_is_not_a_leap_year()
    {
        var born = new DateOnly(2004, 2, 29);

        Assert.Equal(new DateOnly(2029, 2, 28), Evaluate(born).NextChange);
        Assert.True(Evaluate(born, on: new DateOnly(2029, 2, 27)).Fired);
        Assert.False(Evaluate(born, on: new DateOnly(2029, 2, 28)).Fired);
    }

    private RuleOutcome Evaluate(
        DateOnly dateOfBirth,
        bool isViolent = true,
        ChargeOutcome outcome = ChargeOutcome.Pending,
        DateOnly? on = null)
    {
        var prisoner = Prisoners.Convicted(dateOfBirth);
        var charge = prisoner.RecordCharge("Wounding", OffenceCategory.Assault, isViolent);
        prisoner.ConcludeCharge(charge.Id, outcome);
        return _rule.Evaluate(prisoner, on ?? Today);
    }
}
