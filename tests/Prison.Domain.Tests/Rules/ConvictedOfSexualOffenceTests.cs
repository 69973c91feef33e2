using Prison.Domain.Record;
using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class ConvictedOfSexualOffenceTests
{
    private readonly ConvictedOfSexualOffence _rule = new();

    [Fact]
    public void Fires_for_a_sexual_offence_charge_that_ended_in_conviction()
    {
        var outcome = Evaluate(OffenceCategory.Sexual, ChargeOutcome.Convicted);

        Assert.True(outcome.Fired);
        Assert.Contains("Sexual assault", Assert.Single(outcome.Facts));
    }

    [Theory]
    [InlineData(ChargeOutcome.Pending)]
    [InlineData(ChargeOutcome.Acquitted)]
    [InlineData(ChargeOutcome.Dropped)]
    public void Does_not_fire_for_a_sexual_offence_charge_without_conviction(ChargeOutcome outcome)
    {
        Assert.False(Evaluate(OffenceCategory.Sexual, outcome).Fired);
    }

    [Theory]
    [InlineData(OffenceCategory.Homicide)]
    [InlineData(OffenceCategory.Assault)]
    [InlineData(OffenceCategory.Other)]
    public void Does_not_fire_for_a_conviction_in_another_category(OffenceCategory category)
    {
        Assert.False(Evaluate(category, ChargeOutcome.Convicted).Fired);
    }

    [Fact]
    public void Lists_only_the_convicted_sexual_offences_as_facts()
    {
        var prisoner = Prisoners.Convicted();
        var convicted = prisoner.RecordCharge("Rape", OffenceCategory.Sexual, isViolent: true);
        prisoner.ConcludeCharge(convicted.Id, ChargeOutcome.Convicted);
        prisoner.RecordCharge("Indecent exposure", OffenceCategory.Sexual, isViolent: false);

        var outcome = _rule.Evaluate(prisoner, Prisoners.Today);

        Assert.Contains("Rape", Assert.Single(outcome.Facts));
    }

    [Fact]
    public void Never_changes_with_time_alone()
    {
        Assert.Null(Evaluate(OffenceCategory.Sexual, ChargeOutcome.Convicted).NextChange);
    }

    private RuleOutcome Evaluate(OffenceCategory category, ChargeOutcome outcome)
    {
        var prisoner = Prisoners.Convicted();
        var charge = prisoner.RecordCharge("Sexual assault", category, isViolent: true);
        prisoner.ConcludeCharge(charge.Id, outcome);
        return _rule.Evaluate(prisoner, Prisoners.Today);
    }
}
