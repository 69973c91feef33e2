using Prison.Domain.Record;
using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class EscapeHistoryTests
{
    private readonly EscapeHistory _rule = new();

    [Theory]
    [InlineData(EscapeKind.Escape)]
    [InlineData(EscapeKind.AttemptedEscape)]
    public void Fires_for_an_escape_or_attempted_escape_however_long_ago(EscapeKind kind)
    {
        var outcome = Evaluate((new DateOnly(1999, 6, 1), kind));

        Assert.True(outcome.Fired);
        Assert.Equal($"{Words.Of(kind)} on 1999-06-01", Assert.Single(outcome.Facts));
    }

    [Fact]
    public void Does_not_fire_for_an_abscond_alone()
    {
        Assert.False(Evaluate((new DateOnly(2026, 11, 1), EscapeKind.Absconded)).Fired);
    }

    [Fact]
    public void Does_not_fire_without_escape_records()
    {
        Assert.False(Evaluate().Fired);
    }

    [Fact]
    public void Lists_escapes_but_not_absconds_as_facts()
    {
        var outcome = Evaluate(
            (new DateOnly(2010, 3, 4), EscapeKind.Escape),
            (new DateOnly(2026, 11, 1), EscapeKind.Absconded),
            (new DateOnly(2015, 7, 8), EscapeKind.AttemptedEscape));

        Assert.Equal(["Escape on 2010-03-04", "Attempted escape on 2015-07-08"], outcome.Facts);
    }

    [Fact]
    public void Never_changes_with_time_alone()
    {
        Assert.Null(Evaluate((new DateOnly(2026, 11, 1), EscapeKind.Escape)).NextChange);
    }

    private RuleOutcome Evaluate(params (DateOnly Date, EscapeKind Kind)[] escapes)
    {
        var prisoner = Prisoners.Convicted();
        foreach (var (date, kind) in escapes)
        {
            prisoner.RecordEscape(date, kind);
        }

        return _rule.Evaluate(prisoner, Prisoners.Today);
    }
}
