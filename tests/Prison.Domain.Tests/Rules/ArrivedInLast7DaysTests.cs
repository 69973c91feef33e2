using Prison.Domain.Record;
using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class ArrivedInLast7DaysTests
{
    private static readonly DateOnly Today = Prisoners.Today; // the window starts after 2026-11-14
    private readonly ArrivedInLast7Days _rule = new();

    [Fact]
    public void Fires_when_arrival_is_six_days_ago()
    {
        Assert.True(_rule.Evaluate(AdmittedOn(Today.AddDays(-6)), Today).Fired);
    }

    [Fact]
    public void Does_not_fire_when_arrival_is_exactly_seven_days_ago()
    {
        Assert.False(_rule.Evaluate(AdmittedOn(Today.AddDays(-7)), Today).Fired);
    }

    [Fact]
    public void Does_not_fire_when_arrival_is_eight_days_ago()
    {
        Assert.False(_rule.Evaluate(AdmittedOn(Today.AddDays(-8)), Today).Fired);
    }

    [Fact]
    public void Fires_on_the_day_of_arrival()
    {
        Assert.True(_rule.Evaluate(AdmittedOn(Today), Today).Fired);
    }

    [Fact]
    public void Says_the_verdict_changes_seven_days_after_arrival()
    {
        var outcome = _rule.Evaluate(AdmittedOn(Today.AddDays(-6)), Today);

        Assert.Equal(Today.AddDays(1), outcome.NextChange);
        Assert.Equal($"received at prison 1 on {Today.AddDays(-6):yyyy-MM-dd}", Assert.Single(outcome.Facts));
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Fires_when_the_prisoner_arrived_by_transfer(bool forDisciplinaryReasons)
    {
        var prisoner = Prisoners.Convicted();
        prisoner.Transfer(prisonId: 2, Today.AddDays(-3), forDisciplinaryReasons);

        Assert.True(_rule.Evaluate(prisoner, Today).Fired);
    }

    [Fact]
    public void Does_not_fire_for_a_prisoner_held_here_since_long_ago()
    {
        Assert.False(_rule.Evaluate(Prisoners.Convicted(), Today).Fired);
    }

    [Fact]
    public void Does_not_fire_for_a_released_prisoner()
    {
        var prisoner = AdmittedOn(Today.AddDays(-3));
        prisoner.Release(Today.AddDays(-1));

        var outcome = _rule.Evaluate(prisoner, Today);

        Assert.False(outcome.Fired);
        Assert.Null(outcome.NextChange);
    }

    private static Prisoner AdmittedOn(DateOnly arrival)
    {
        var prisoner = new Prisoner("A1234BC", "Test Prisoner", new DateOnly(1980, 1, 1), LegalStatus.Remand);
        prisoner.Admit(prisonId: 1, arrival);
        return prisoner;
    }
}
