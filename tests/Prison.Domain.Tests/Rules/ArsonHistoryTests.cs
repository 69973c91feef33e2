using Prison.Domain.Record;
using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class ArsonHistoryTests
{
    private readonly ArsonHistory _rule = new();

    [Fact]
    public void Fires_for_an_arson_conviction()
    {
        var outcome = Evaluate(OffenceCategory.Arson, ChargeOutcome.Convicted);

        Assert.True(outcome.Fired);
        Assert.Contains("Setting fire to a dwelling", Assert.Single(outcome.Facts));
    }

    [Fact]
    public void Fires_for_an_arson_conviction_not_recorded_as_violent()
    {
        Assert.True(Evaluate(OffenceCategory.Arson, ChargeOutcome.Convicted, isViolent: false).Fired);
    }

    [Theory]
    [InlineData(ChargeOutcome.Pending)]
    [InlineData(ChargeOutcome.Acquitted)]
    [InlineData(ChargeOutcome.Dropped)]
    public void Does_not_fire_for_an_arson_charge_without_conviction(ChargeOutcome outcome)
    {
        Assert.False(Evaluate(OffenceCategory.Arson, outcome).Fired);
    }

    [Fact]
    public void Does_not_fire_for_a_conviction_of_another_category()
    {
        Assert.False(Evaluate(OffenceCategory.Property, ChargeOutcome.Convicted).Fired);
    }

    [Fact]
    public void Never_changes_with_time_alone()
    {
        Assert.Null(Evaluate(OffenceCategory.Arson, ChargeOutcome.Convicted).NextChange);
    }

    private RuleOutcome Evaluate(OffenceCategory category, ChargeOutcome outcome, bool isViolent = true)
    {
        var prisoner = Prisoners.Convicted();
        var charge = prisoner.RecordCharge("Setting fire to a dwelling", category, isViolent, new DateOnly(2012, 4, 5));
        prisoner.ConcludeCharge(charge.Id, outcome);
        return _rule.Evaluate(prisoner, Prisoners.Today);
    }
}
