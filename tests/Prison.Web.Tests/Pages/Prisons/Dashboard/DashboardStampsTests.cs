using Microsoft.Extensions.Configuration;
using Prison.Db.Reads;
using Prison.ServiceDefaults;
using Prison.Web.Pages.Prisons.Dashboard;

namespace Prison.Web.Tests.Pages.Prisons.Dashboard;

public sealed class DashboardStampsTests
{
    private static readonly DashboardStamp Before = new(41, "rules");
    private static readonly DashboardStamp After = new(42, "rules");

    [Fact]
    public void A_stamp_read_less_than_the_reuse_moment_ago_answers_the_polls_that_show_it_and_no_other()
    {
        var clock = new SteppedTimestamps();
        var stamps = new DashboardStamps(clock, TimeSpan.FromMilliseconds(500));

        stamps.Remember(1, Before, stamps.Now());
        clock.Advance(TimeSpan.FromMilliseconds(499));

        Assert.True(stamps.Stands(1, Before));
        Assert.False(stamps.Stands(1, After));
        Assert.False(stamps.Stands(2, Before));
        Assert.False(stamps.Stands(1, Before with { RuleSetInForce = "other" }));
    }

    [Fact]
    public void Once_the_moment_has_passed_every_poll_asks_the_database_again()
    {
        var clock = new SteppedTimestamps();
        var stamps = new DashboardStamps(clock, TimeSpan.FromMilliseconds(500));
        stamps.Remember(1, Before, stamps.Now());

        clock.Advance(TimeSpan.FromMilliseconds(500));

        Assert.False(stamps.Stands(1, Before));
    }

    [Fact]
    public void A_read_that_started_earlier_never_replaces_what_a_later_one_found()
    {
        var clock = new SteppedTimestamps();
        var stamps = new DashboardStamps(clock, TimeSpan.FromSeconds(1));
        var earlier = stamps.Now();
        clock.Advance(TimeSpan.FromMilliseconds(10));
        var later = stamps.Now();

        stamps.Remember(1, After, later);
        stamps.Remember(1, Before, earlier);

        Assert.True(stamps.Stands(1, After));
        Assert.False(stamps.Stands(1, Before));
    }

    [Fact]
    public void With_no_reuse_every_poll_asks_the_database()
    {
        var stamps = DashboardStamps.From(Configuration("00:00:00"), new SteppedTimestamps());
        stamps.Remember(1, Before, stamps.Now());

        Assert.False(stamps.Stands(1, Before));
    }

    [Theory]
    [InlineData(null, 500)]
    [InlineData("00:00:02", 2000)]
    public void The_reuse_moment_is_half_a_second_unless_configured(string? configured, int milliseconds) =>
        Assert.Equal(TimeSpan.FromMilliseconds(milliseconds), DashboardStamps.From(Configuration(configured), TimeProvider.System).ReuseFor);

    [Theory]
    [InlineData("soon")]
    [InlineData("-00:00:01")]
    [InlineData("00:01:00")]
    public void A_reuse_moment_that_is_not_from_zero_to_five_seconds_stops_the_start_with_a_sentence(string configured)
    {
        var refused = Assert.Throws<StartupException>(() => DashboardStamps.From(Configuration(configured), TimeProvider.System));

        Assert.Equal($"Dashboard:StampReuse is '{configured}'; it must be a time span from 00:00:00 to 00:00:05, such as 00:00:00.5000000.", refused.Message);
    }

    private static IConfiguration Configuration(string? reuse) =>
        new ConfigurationBuilder().AddInMemoryCollection(reuse is null ? [] : [new(DashboardStamps.ReuseKey, reuse)]).Build();
}
