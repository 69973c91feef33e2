using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class StoppedAntipsychoticsInLast30DaysTests
{
    private static readonly DateOnly Today = Prisoners.Today; // the window starts after 2026-10-22
    private readonly StoppedAntipsychoticsInLast30Days _rule = new();

    [Fact]
    public void Fires_when_stop_is_one_day_inside_window()
    {
        Assert.True(Evaluate(new DateOnly(2026, 10, 23)).Fired);
    }

    [Fact]
    public void Does_not_fire_when_stop_is_dated_exactly_thirty_days_ago()
    {
        Assert.False(Evaluate(new DateOnly(2026, 10, 22)).Fired);
    }

    [Fact]
    public void Does_not_fire_when_stop_is_one_day_before_window()
    {
        Assert.False(Evaluate(new DateOnly(2026, 10, 21)).Fired);
    }

    [Fact]
    public void Says_the_verdict_changes_thirty_days_after_the_stop()
    {
        var outcome = Evaluate(new DateOnly(2026, 10, 23));

        Assert.Equal(new DateOnly(2026, 11, 22), outcome.NextChange);
        Assert.Equal("olanzapine (antipsychotic) stopped by the prisoner on 2026-10-23", Assert.Single(outcome.Facts));
    }

    [Fact]
    public void Does_not_fire_for_an_antipsychotic_stopped_by_the_prescriber()
    {
        Assert.False(Evaluate(new DateOnly(2026, 11, 1), stoppedByPrisoner: false).Fired);
    }

    [Fact]
    public void Does_not_fire_for_other_medication_stopped_by_the_prisoner()
    {
        Assert.False(Evaluate(new DateOnly(2026, 11, 1), isAntipsychotic: false).Fired);
    }

    private RuleOutcome Evaluate(DateOnly stopDate, bool isAntipsychotic = true, bool stoppedByPrisoner = true)
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordMedicationStop(stopDate, "olanzapine", isAntipsychotic, stoppedByPrisoner);
        return _rule.Evaluate(prisoner, Today);
    }
}
