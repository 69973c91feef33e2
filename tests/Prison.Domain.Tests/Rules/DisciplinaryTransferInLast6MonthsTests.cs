using Prison.Domain.Record;
using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class DisciplinaryTransferInLast6MonthsTests
{
    private static readonly DateOnly Today = Prisoners.Today; // the window starts after 2026-05-21
    private readonly DisciplinaryTransferInLast6Months _rule = new();

    [Fact]
    public void Fires_when_disciplinary_transfer_is_one_day_inside_window()
    {
        Assert.True(_rule.Evaluate(TransferredOn(new DateOnly(2026, 5, 22)), Today).Fired);
    }

    [Fact]
    public void Does_not_fire_when_disciplinary_transfer_is_dated_exactly_six_months_ago()
    {
        Assert.False(_rule.Evaluate(TransferredOn(new DateOnly(2026, 5, 21)), Today).Fired);
    }

    [Fact]
    public void Does_not_fire_when_disciplinary_transfer_is_one_day_before_window()
    {
        Assert.False(_rule.Evaluate(TransferredOn(new DateOnly(2026, 5, 20)), Today).Fired);
    }

    [Fact]
    public void Says_the_verdict_changes_six_months_after_the_transfer()
    {
        var outcome = _rule.Evaluate(TransferredOn(new DateOnly(2026, 5, 22)), Today);

        Assert.Equal(new DateOnly(2026, 11, 22), outcome.NextChange);
        Assert.Single(outcome.Facts);
    }

    [Fact]
    public void Fires_when_disciplinary_transfer_was_six_days_ago()
    {
        Assert.True(_rule.Evaluate(TransferredOn(Today.AddDays(-6)), Today).Fired);
    }

    [Fact]
    public void Does_not_fire_for_an_ordinary_transfer()
    {
        Assert.False(_rule.Evaluate(TransferredOn(Today.AddDays(-6), forDisciplinaryReasons: false), Today).Fired);
    }

    [Fact]
    public void Does_not_fire_for_a_new_reception()
    {
        var prisoner = new Prisoner("A1234BC", "Test Prisoner", new DateOnly(1980, 1, 1), LegalStatus.Remand);
        prisoner.Admit(prisonId: 1, Today.AddDays(-6));

        Assert.False(_rule.Evaluate(prisoner, Today).Fired);
    }

    [Fact]
    public void Does_not_fire_once_the_prisoner_has_been_moved_on_by_an_ordinary_transfer()
    {
        var prisoner = TransferredOn(Today.AddDays(-20));
        prisoner.Transfer(prisonId: 3, Today.AddDays(-6), forDisciplinaryReasons: false);

        Assert.False(_rule.Evaluate(prisoner, Today).Fired);
    }

    [Fact]
    public void Does_not_fire_for_a_released_prisoner()
    {
        var prisoner = TransferredOn(Today.AddDays(-20));
        prisoner.Release(Today.AddDays(-1));

        var outcome = _rule.Evaluate(prisoner, Today);

        Assert.False(outcome.Fired);
        Assert.Null(outcome.NextChange);
    }

    private static Prisoner TransferredOn(DateOnly date, bool forDisciplinaryReasons = true)
    {
        var prisoner = Prisoners.Convicted();
        prisoner.Transfer(prisonId: 2, date, forDisciplinaryReasons);
        return prisoner;
    }
}
