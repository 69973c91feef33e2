using Microsoft.Extensions.DependencyInjection;
using Prison.Worker.Jobs;
using Quartz;

namespace Prison.Worker.Tests.Jobs;

public class UnknownSweeperJobTests
{
    [Fact]
    public async Task A_prisoner_left_unknown_past_the_threshold_is_published_again_and_evaluated()
    {
        await using var fixture = await WorkerFixture.StartAsync("--Jobs:UnknownThreshold=00:02:00");
        var prisoner = Records.Harmless("S1", 1, fixture.Today.AddDays(-30));
        var lost = (await fixture.SaveAsync(prisoner)).Single();
        var scheduler = await fixture.Worker.Services.GetRequiredService<ISchedulerFactory>().GetScheduler();

        await scheduler.TriggerJob(UnknownSweeperJob.Key);
        await Task.Delay(TimeSpan.FromSeconds(1));
        var tooSoon = await fixture.StoredAsync(prisoner.Id);
        fixture.Clock.Advance(TimeSpan.FromMinutes(3));
        await scheduler.TriggerJob(UnknownSweeperJob.Key);
        var known = await fixture.KnownAsync(prisoner.Id);

        Assert.Equal("Unknown", tooSoon[0]);
        Assert.Equal("NotDangerous", known[0]);
        Assert.True(await fixture.Consumed.Consumed(lost) >= 1);
    }
}
