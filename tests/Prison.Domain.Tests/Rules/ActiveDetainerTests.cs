using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class ActiveDetainerTests
{
    private static readonly DateOnly Today = Prisoners.Today;
    private readonly ActiveDetainer _rule = new();

    [Fact]
    public void Does_not_fire_the_day_before_the_detainer_is_lodged_but_changes_on_lodging()
    {
        var outcome = Evaluate(lodged: Today.AddDays(1), lifted: null);

        Assert.False(outcome.Fired);
        Assert.Equal(Today.AddDays(1), outcome.NextChange);
    }

    [Fact]
    public void Fires_on_the_day_the_detainer_is_lodged()
    {
        var outcome = Evaluate(lodged: Today, lifted: null);

        Assert.True(outcome.Fired);
        Assert.Contains("Immigration Enforcement", Assert.Single(outcome.Facts));
        Assert.Null(outcome.NextChange);
    }

    [Fact]
    public void Does_not_fire_on_the_day_the_detainer_is_lifted()
    {
        var outcome = Evaluate(lodged: Today.AddDays(-30), lifted: Today);

        Assert.False(outcome.Fired);
        Assert.Null(outcome.NextChange);
    }

    [Fact]
    public void Fires_the_day_before_the_detainer_is_lifted_and_changes_on_lifting()
    {
        var outcome = Evaluate(lodged: Today.AddDays(-30), lifted: Today.AddDays(1));

        Assert.True(outcome.Fired);
        Assert.Equal(Today.AddDays(1), outcome.NextChange);
    }

    [Fact]
    public void Does_not_fire_without_detainers()
    {
        Assert.False(_rule.Evaluate(Prisoners.Convicted(), Today).Fired);
    }

    private RuleOutcome Evaluate(DateOnly lodged, DateOnly? lifted)
    {
        var prisoner = Prisoners.Convicted();
        var detainer = prisoner.LodgeDetainer("Immigration Enforcement", lodged);
        if (lifted is { } day)
        {
            prisoner.LiftDetainer(detainer.Id, day);
        }

        return _rule.Evaluate(prisoner, Today);
    }
}
