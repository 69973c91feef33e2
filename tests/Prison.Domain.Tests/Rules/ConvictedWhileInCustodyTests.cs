using Prison.Domain.Record;
using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class ConvictedWhileInCustodyTests
{
    private static readonly DateOnly Arrival = new(2020, 1, 1);
    private static readonly DateOnly Left = new(2022, 6, 30);
    private readonly ConvictedWhileInCustody _rule = new();

    [Fact]
    public void Fires_for_an_offence_on_the_day_of_arrival()
    {
        Assert.True(Evaluate(Arrival).Fired);
    }

    [Fact]
    public void Fires_for_an_offence_on_the_day_of_leaving()
    {
        Assert.True(Evaluate(Left).Fired);
    }

    [Fact]
    public void Fires_for_an_offence_inside_a_stay()
    {
        var outcome = Evaluate(new DateOnly(2021, 3, 15));

        Assert.True(outcome.Fired);
        Assert.Null(outcome.NextChange);
        Assert.Equal("Assault on an officer (assault, violent, convicted, offence of 2021-03-15)", Assert.Single(outcome.Facts));
    }

    [Fact]
    public void Fires_for_an_offence_inside_a_stay_after_a_transfer()
    {
        var prisoner = Prisoners.Convicted();
        prisoner.Transfer(prisonId: 2, new DateOnly(2024, 1, 1), forDisciplinaryReasons: false);
        var charge = prisoner.RecordCharge("Assault on an officer", OffenceCategory.Assault, isViolent: true, new DateOnly(2025, 1, 1));
        prisoner.ConcludeCharge(charge.Id, ChargeOutcome.Convicted);

        Assert.True(_rule.Evaluate(prisoner, Prisoners.Today).Fired);
    }

    [Theory]
    [InlineData(2019, 12, 31)]
    [InlineData(2022, 7, 1)]
    public void Does_not_fire_for_an_offence_outside_every_stay(int year, int month, int day)
    {
        Assert.False(Evaluate(new DateOnly(year, month, day)).Fired);
    }

    [Theory]
    [InlineData(ChargeOutcome.Pending)]
    [InlineData(ChargeOutcome.Acquitted)]
    [InlineData(ChargeOutcome.Dropped)]
    public void Does_not_fire_for_a_charge_that_is_not_a_conviction(ChargeOutcome outcome)
    {
        Assert.False(Evaluate(new DateOnly(2021, 3, 15), outcome).Fired);
    }

    [Fact]
    public void Does_not_fire_for_a_conviction_without_an_offence_date()
    {
        Assert.False(Evaluate(offenceDate: null).Fired);
    }

    private RuleOutcome Evaluate(DateOnly? offenceDate, ChargeOutcome outcome = ChargeOutcome.Convicted)
    {
        var prisoner = new Prisoner("A1234BC", "Test Prisoner", new DateOnly(1980, 1, 1), LegalStatus.Convicted);
        prisoner.Admit(prisonId: 1, Arrival);
        prisoner.Release(Left);
        var charge = prisoner.RecordCharge("Assault on an officer", OffenceCategory.Assault, isViolent: true, offenceDate);
        prisoner.ConcludeCharge(charge.Id, outcome);
        return _rule.Evaluate(prisoner, Prisoners.Today);
    }
}
