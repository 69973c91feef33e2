using Prison.Domain.Record;
using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class ChargedWithViolentCrimeTests
{
    private readonly ChargedWithViolentCrime _rule = new();

    [Theory]
    [InlineData(ChargeOutcome.Pending)]
    [InlineData(ChargeOutcome.Convicted)]
    public void Fires_for_a_violent_charge_that_stands(ChargeOutcome outcome)
    {
        Assert.True(Evaluate(isViolent: true, outcome).Fired);
    }

    [Theory]
    [InlineData(ChargeOutcome.Acquitted)]
    [InlineData(ChargeOutcome.Dropped)]
    public void Does_not_fire_for_a_violent_charge_that_ended_in_acquittal_or_was_dropped(ChargeOutcome outcome)
    {
        Assert.False(Evaluate(isViolent: true, outcome).Fired);
    }

    [Theory]
    [InlineData(ChargeOutcome.Pending)]
    [InlineData(ChargeOutcome.Convicted)]
    public void Does_not_fire_for_a_violent_charge_another_has_superseded(ChargeOutcome outcome)
    {
        var prisoner = Prisoners.Convicted();
        var charge = prisoner.RecordCharge("Assault 2nd degree", OffenceCategory.Assault, isViolent: true);
        prisoner.ConcludeCharge(charge.Id, outcome);

        prisoner.SupersedeCharge(charge.Id, Prisoners.Today);

        Assert.False(_rule.Evaluate(prisoner, Prisoners.Today).Fired);
    }

    [Fact]
    public void Does_not_fire_for_a_charge_that_is_not_violent()
    {
        Assert.False(Evaluate(isViolent: false, ChargeOutcome.Convicted).Fired);
    }

    [Fact]
    public void Names_the_charge_as_the_fact()
    {
        Assert.Contains("Assault 2nd degree", Assert.Single(Evaluate(isViolent: true, ChargeOutcome.Pending).Facts));
    }

    private RuleOutcome Evaluate(bool isViolent, ChargeOutcome outcome)
    {
        var prisoner = Prisoners.Convicted();
        var charge = prisoner.RecordCharge("Assault 2nd degree", OffenceCategory.Assault, isViolent);
        prisoner.ConcludeCharge(charge.Id, outcome);
        return _rule.Evaluate(prisoner, Prisoners.Today);
    }
}
