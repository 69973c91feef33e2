using Prison.Domain.Record;
using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class ThreeOrMorePriorImprisonmentsTests
{
    private static readonly DateOnly Today = Prisoners.Today;
    private readonly ThreeOrMorePriorImprisonments _rule = new();

    [Fact]
    public void Fires_for_three_earlier_custody_episodes()
    {
        var prisoner = Released(2010, 2012, 2014);
        prisoner.Admit(prisonId: 1, new DateOnly(2020, 1, 1));

        var outcome = _rule.Evaluate(prisoner, Today);

        Assert.True(outcome.Fired);
        Assert.Null(outcome.NextChange);
        Assert.Equal(
            [
                "received into custody at prison 1 on 2010-01-01",
                "received into custody at prison 1 on 2012-01-01",
                "received into custody at prison 1 on 2014-01-01",
            ],
            outcome.Facts);
    }

    [Fact]
    public void Does_not_fire_for_two_earlier_custody_episodes()
    {
        var prisoner = Released(2010, 2012);
        prisoner.Admit(prisonId: 1, new DateOnly(2020, 1, 1));

        Assert.False(_rule.Evaluate(prisoner, Today).Fired);
    }

    [Fact]
    public void Does_not_count_transfers_within_an_earlier_episode()
    {
        var prisoner = NewPrisoner();
        prisoner.Admit(prisonId: 1, new DateOnly(2010, 1, 1));
        prisoner.Transfer(prisonId: 2, new DateOnly(2010, 6, 1), forDisciplinaryReasons: false);
        prisoner.Transfer(prisonId: 3, new DateOnly(2011, 1, 1), forDisciplinaryReasons: true);
        prisoner.Release(new DateOnly(2011, 6, 1));
        prisoner.Admit(prisonId: 1, new DateOnly(2014, 1, 1));
        prisoner.Release(new DateOnly(2015, 1, 1));
        prisoner.Admit(prisonId: 1, new DateOnly(2020, 1, 1));

        Assert.False(_rule.Evaluate(prisoner, Today).Fired);
    }

    [Fact]
    public void Does_not_count_the_current_episode_when_the_prisoner_has_since_been_transferred()
    {
        var prisoner = Released(2010, 2012);
        prisoner.Admit(prisonId: 1, new DateOnly(2020, 1, 1));
        prisoner.Transfer(prisonId: 2, new DateOnly(2022, 1, 1), forDisciplinaryReasons: false);
        prisoner.Transfer(prisonId: 3, new DateOnly(2024, 1, 1), forDisciplinaryReasons: true);

        Assert.False(_rule.Evaluate(prisoner, Today).Fired);
    }

    [Fact]
    public void Fires_for_three_earlier_custody_episodes_when_the_prisoner_has_since_been_transferred()
    {
        var prisoner = Released(2010, 2012, 2014);
        prisoner.Admit(prisonId: 1, new DateOnly(2020, 1, 1));
        prisoner.Transfer(prisonId: 2, new DateOnly(2022, 1, 1), forDisciplinaryReasons: false);

        Assert.True(_rule.Evaluate(prisoner, Today).Fired);
    }

    [Fact]
    public void Fires_for_a_released_prisoner_with_three_receptions()
    {
        Assert.True(_rule.Evaluate(Released(2010, 2012, 2014), Today).Fired);
    }

    [Fact]
    public void Does_not_fire_for_a_released_prisoner_with_two_receptions()
    {
        Assert.False(_rule.Evaluate(Released(2010, 2012), Today).Fired);
    }

    private static Prisoner NewPrisoner() => new("A1234BC", "Test Prisoner", new DateOnly(1980, 1, 1), LegalStatus.Convicted);

    /// <summary>A prisoner received into custody on 1 January of each year and released a year later.</summary>
    private static Prisoner Released(params int[] receptionYears)
    {
        var prisoner = NewPrisoner();
        foreach (var year in receptionYears)
        {
            prisoner.Admit(prisonId: 1, new DateOnly(year, 1, 1));
            prisoner.Release(new DateOnly(year + 1, 1, 1));
        }

        return prisoner;
    }
}
