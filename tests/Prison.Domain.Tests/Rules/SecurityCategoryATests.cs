using Prison.Domain.Record;
using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class SecurityCategoryATests
{
    private readonly SecurityCategoryA _rule = new();

    [Fact]
    public void Fires_for_a_category_A_prisoner()
    {
        var outcome = Evaluate(SecurityCategory.A);

        Assert.True(outcome.Fired);
        Assert.Equal("security category is A", Assert.Single(outcome.Facts));
    }

    [Theory]
    [InlineData(SecurityCategory.B)]
    [InlineData(SecurityCategory.C)]
    [InlineData(SecurityCategory.D)]
    public void Does_not_fire_for_a_lower_category(SecurityCategory category)
    {
        Assert.False(Evaluate(category).Fired);
    }

    [Fact]
    public void Does_not_fire_when_no_category_is_recorded()
    {
        Assert.False(Evaluate(null).Fired);
    }

    [Fact]
    public void Never_changes_with_time_alone()
    {
        Assert.Null(Evaluate(SecurityCategory.A).NextChange);
    }

    private RuleOutcome Evaluate(SecurityCategory? category)
    {
        var prisoner = Prisoners.Convicted();
        prisoner.ChangeSecurityCategory(category);
        return _rule.Evaluate(prisoner, Prisoners.Today);
    }
}
