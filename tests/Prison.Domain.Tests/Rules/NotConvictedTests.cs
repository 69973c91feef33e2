using Prison.Domain.Record;
using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class NotConvictedTests
{
    private readonly NotConvicted _rule = new();

    [Theory]
    [InlineData(LegalStatus.Remand)]
    [InlineData(LegalStatus.AwaitingTrial)]
    public void Fires_when_the_prisoner_is_not_convicted(LegalStatus status)
    {
        var prisoner = Prisoners.Convicted();
        prisoner.ChangeLegalStatus(status);

        var outcome = _rule.Evaluate(prisoner, Prisoners.Today);

        Assert.True(outcome.Fired);
        Assert.Equal($"legal status is {Words.InSentence(status)}", Assert.Single(outcome.Facts));
    }

    [Fact]
    public void Does_not_fire_for_a_convicted_prisoner()
    {
        Assert.False(_rule.Evaluate(Prisoners.Convicted(), Prisoners.Today).Fired);
    }

    [Fact]
    public void Never_changes_with_time_alone()
    {
        var prisoner = Prisoners.Convicted();
        prisoner.ChangeLegalStatus(LegalStatus.Remand);

        Assert.Null(_rule.Evaluate(prisoner, Prisoners.Today).NextChange);
    }
}
