using Prison.Domain.Record;
using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class SentenceOfTenYearsOrMoreTests
{
    private readonly SentenceOfTenYearsOrMore _rule = new();

    [Fact]
    public void Fires_for_a_sentence_of_exactly_ten_years()
    {
        var outcome = Evaluate(Sentence.OfYears(10));

        Assert.True(outcome.Fired);
        Assert.Equal("current sentence is 10 years", Assert.Single(outcome.Facts));
    }

    [Fact]
    public void Fires_for_a_life_sentence()
    {
        var outcome = Evaluate(Sentence.Life);

        Assert.True(outcome.Fired);
        Assert.Equal("current sentence is life", Assert.Single(outcome.Facts));
    }

    [Fact]
    public void Does_not_fire_for_a_sentence_of_nine_years_and_eleven_months()
    {
        Assert.False(Evaluate(Sentence.OfMonths(9 * 12 + 11)).Fired);
    }

    [Fact]
    public void Does_not_fire_when_no_sentence_is_recorded()
    {
        Assert.False(Evaluate(sentence: null).Fired);
    }

    [Fact]
    public void Does_not_fire_for_a_released_prisoner()
    {
        var prisoner = Prisoners.Convicted();
        prisoner.Sentence(Sentence.Life);
        prisoner.Release(new DateOnly(2026, 10, 1));

        Assert.False(_rule.Evaluate(prisoner, Prisoners.Today).Fired);
    }

    [Fact]
    public void Does_not_fire_for_a_long_sentence_of_an_earlier_stay()
    {
        var prisoner = Prisoners.Convicted();
        prisoner.Sentence(Sentence.OfYears(12));
        prisoner.Release(new DateOnly(2025, 1, 1));
        prisoner.Admit(prisonId: 1, new DateOnly(2026, 6, 1));

        Assert.False(_rule.Evaluate(prisoner, Prisoners.Today).Fired);
    }

    [Fact]
    public void Still_fires_after_a_transfer()
    {
        var prisoner = Prisoners.Convicted();
        prisoner.Sentence(Sentence.OfYears(15));
        prisoner.Transfer(prisonId: 2, new DateOnly(2026, 3, 1), forDisciplinaryReasons: false);

        Assert.True(_rule.Evaluate(prisoner, Prisoners.Today).Fired);
    }

    [Fact]
    public void Never_changes_with_time_alone()
    {
        Assert.Null(Evaluate(Sentence.Life).NextChange);
    }

    private RuleOutcome Evaluate(Sentence? sentence)
    {
        var prisoner = Prisoners.Convicted();
        prisoner.Sentence(sentence);
        return _rule.Evaluate(prisoner, Prisoners.Today);
    }
}
