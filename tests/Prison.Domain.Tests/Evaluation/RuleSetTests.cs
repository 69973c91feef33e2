using Prison.Domain.Evaluation;
using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Evaluation;

public class RuleSetTests
{
    [Fact]
    public void The_same_rules_in_any_order_have_the_same_id()
    {
        Assert.Equal(new RuleSet([new NotConvicted(), new ChargedWithViolentCrime()]).Id, new RuleSet([new ChargedWithViolentCrime(), new NotConvicted()]).Id);
    }

    [Fact]
    public void Disabling_a_rule_changes_the_id()
    {
        var all = new RuleSet(RuleCatalog.BuiltIn());

        var fewer = all.Without(["NotConvicted"]);

        Assert.NotEqual(all.Id, fewer.Id);
        Assert.DoesNotContain(fewer.Rules, r => r.Code == "NotConvicted");
    }

    [Fact]
    public void A_new_version_of_a_rule_changes_the_id()
    {
        Assert.NotEqual(new RuleSet([new NotConvicted()]).Id, new RuleSet([new NotConvictedVersion2()]).Id);
    }

    [Fact]
    public void Refuses_two_rules_with_one_code()
    {
        var error = Assert.Throws<ArgumentException>(() => new RuleSet([new NotConvicted(), new NotConvicted()]));

        Assert.Contains("NotConvicted", error.Message);
    }

    [Fact]
    public void Describes_its_rules_by_code_and_version()
    {
        Assert.Equal("ChargedWithViolentCrime@1,NotConvicted@1", new RuleSet([new NotConvicted(), new ChargedWithViolentCrime()]).Description);
    }

    private sealed class NotConvictedVersion2 : DangerRule
    {
        private readonly NotConvicted _inner = new();

        public override string Title => _inner.Title;

        public override RuleCategory Category => _inner.Category;

        public override int Version => 2;

        public override RuleOutcome Evaluate(Prisoner prisoner, DateOnly today) => _inner.Evaluate(prisoner, today);
    }
}
