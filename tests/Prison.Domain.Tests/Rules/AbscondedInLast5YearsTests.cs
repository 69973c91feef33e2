using Prison.Domain.Record;
using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class AbscondedInLast5YearsTests
{
    private static readonly DateOnly Today = Prisoners.Today; // the window starts after 2021-11-21
    private readonly AbscondedInLast5Years _rule = new();

    [Fact]
    public void Fires_when_abscond_is_one_day_inside_window()
    {
        Assert.True(Evaluate(new DateOnly(2021, 11, 22)).Fired);
    }

    [Fact]
    public void Does_not_fire_when_abscond_is_dated_exactly_five_years_ago()
    {
        Assert.False(Evaluate(new DateOnly(2021, 11, 21)).Fired);
    }

    [Fact]
    public void Does_not_fire_when_abscond_is_one_day_before_window()
    {
        Assert.False(Evaluate(new DateOnly(2021, 11, 20)).Fired);
    }

    [Fact]
    public void Says_the_verdict_changes_the_day_the_abscond_leaves_the_window()
    {
        var outcome = Evaluate(new DateOnly(2021, 11, 22));

        Assert.Equal(new DateOnly(2026, 11, 22), outcome.NextChange);
        Assert.False(Evaluate(new DateOnly(2021, 11, 22), on: new DateOnly(2026, 11, 22)).Fired);
    }

    [Fact]
    public void Says_the_verdict_changes_five_years_after_a_recent_abscond()
    {
        var outcome = Evaluate(new DateOnly(2024, 3, 15));

        Assert.True(outcome.Fired);
        Assert.Equal(new DateOnly(2029, 3, 15), outcome.NextChange);
    }

    [Theory]
    [InlineData(EscapeKind.Escape)]
    [InlineData(EscapeKind.AttemptedEscape)]
    public void Does_not_fire_for_an_escape_or_attempted_escape(EscapeKind kind)
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordEscape(new DateOnly(2026, 11, 1), kind);

        Assert.False(_rule.Evaluate(prisoner, Today).Fired);
    }

    [Fact]
    public void Names_the_abscond_as_the_fact()
    {
        Assert.Equal("Absconded on 2024-03-15", Assert.Single(Evaluate(new DateOnly(2024, 3, 15)).Facts));
    }

    private RuleOutcome Evaluate(DateOnly date, DateOnly? on = null)
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordEscape(date, EscapeKind.Absconded);
        return _rule.Evaluate(prisoner, on ?? Today);
    }
}
