using Prison.Domain.Record;
using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class ConvictedOfHomicideTests
{
    private readonly ConvictedOfHomicide _rule = new();

    [Fact]
    public void Fires_for_a_homicide_charge_that_ended_in_conviction()
    {
        var outcome = Evaluate(OffenceCategory.Homicide, ChargeOutcome.Convicted);

        Assert.True(outcome.Fired);
        Assert.Contains("Murder", Assert.Single(outcome.Facts));
    }

    [Theory]
    [InlineData(ChargeOutcome.Pending)]
    [InlineData(ChargeOutcome.Acquitted)]
    [InlineData(ChargeOutcome.Dropped)]
    public void Does_not_fire_for_a_homicide_charge_without_conviction(ChargeOutcome outcome)
    {
        Assert.False(Evaluate(OffenceCategory.Homicide, outcome).Fired);
    }

    [Theory]
    [InlineData(OffenceCategory.Assault)]
    [InlineData(OffenceCategory.Sexual)]
    [InlineData(OffenceCategory.Other)]
    public void Does_not_fire_for_a_conviction_in_another_category(OffenceCategory category)
    {
        Assert.False(Evaluate(category, ChargeOutcome.Convicted).Fired);
    }

    [Fact]
    public void Does_not_fire_without_charges()
    {
        Assert.False(_rule.Evaluate(Prisoners.Convicted(), Prisoners.Today).Fired);
    }

    [Fact]
    public void Never_changes_with_time_alone()
    {
        Assert.Null(Evaluate(OffenceCategory.Homicide, ChargeOutcome.Convicted).NextChange);
    }

    private RuleOutcome Evaluate(OffenceCategory category, ChargeOutcome outcome)
    {
        var prisoner = Prisoners.Convicted();
        var charge = prisoner.RecordCharge("Murder", category, isViolent: true);
        prisoner.ConcludeCharge(charge.Id, outcome);
        return _rule.Evaluate(prisoner, Prisoners.Today);
    }
}
