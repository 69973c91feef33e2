using Prison.Domain.Record;

namespace Prison.Domain.Tests.Rules;

/// <summary>
/// The edges every "notice of type T in the last N months" rule (14 to 19) must respect. Each rule has its
/// own test class deriving from this one, which runs these tests for that rule's type and window.
/// </summary>
public abstract class NoticeOfTypeRuleTests<TRule>
    where TRule : DangerRule, new()
{
    private static readonly DateOnly Today = Prisoners.Today;
    private readonly TRule _rule = new();

    protected abstract NoticeType Type { get; }

    protected abstract int WindowMonths { get; }

    private DateOnly WindowStart => Today.AddMonths(-WindowMonths);

    [Fact]
    public void Fires_when_notice_is_one_day_inside_window()
    {
        var outcome = Evaluate(WindowStart.AddDays(1));

        Assert.True(outcome.Fired);
        Assert.Contains("found during a search", Assert.Single(outcome.Facts));
    }

    [Fact]
    public void Does_not_fire_when_notice_is_dated_exactly_at_the_start_of_the_window()
    {
        Assert.False(Evaluate(WindowStart).Fired);
    }

    [Fact]
    public void Does_not_fire_when_notice_is_one_day_before_window()
    {
        Assert.False(Evaluate(WindowStart.AddDays(-1)).Fired);
    }

    [Fact]
    public void Says_the_verdict_changes_on_the_day_the_notice_leaves_the_window()
    {
        Assert.Equal(Today.AddDays(1), Evaluate(WindowStart.AddDays(1)).NextChange);
        Assert.False(Evaluate(WindowStart.AddDays(1), on: Today.AddDays(1)).Fired);
    }

    [Fact]
    public void Says_its_window_in_months()
    {
        Assert.Equal($"{WindowMonths} months", _rule.Window);
    }

    [Fact]
    public void Does_not_fire_for_a_notice_of_any_other_type()
    {
        foreach (var other in Enum.GetValues<NoticeType>().Where(t => t != Type))
        {
            var prisoner = Prisoners.Convicted();
            prisoner.RecordDisciplinaryNotice(Today.AddDays(-1), other, "found during a search");

            var outcome = _rule.Evaluate(prisoner, Today);

            Assert.False(outcome.Fired, $"fired for a {other} notice");
            Assert.Null(outcome.NextChange);
        }
    }

    protected RuleOutcome Evaluate(DateOnly noticeDate, DateOnly? on = null)
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordDisciplinaryNotice(noticeDate, Type, "found during a search");
        return _rule.Evaluate(prisoner, on ?? Today);
    }
}
