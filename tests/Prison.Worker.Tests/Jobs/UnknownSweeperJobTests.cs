using Hangfire;
using Microsoft.Extensions.DependencyInjection;
using Prison.Runtime.Jobs;

namespace Prison.Worker.Tests.Jobs;

public class UnknownSweeperJobTests
{
    [Fact]
    public async Task A_prisoner_left_unknown_past_the_threshold_is_published_again_and_evaluated()
    {
        await using var fixture = await WorkerFixture.StartAsync("--Jobs:UnknownThreshold=00:02:00");
        var jobs = fixture.Worker.Services.GetRequiredService<JobStorage>();
        var prisoner = Records.Harmless("S1", 1, fixture.Today.AddDays(-30));
        var lost = (await fixture.SaveAsync(prisoner)).Single();

        var tooSoon = await JobRuns.FinishedAsync(jobs, JobRuns.Fire(fixture.Worker.Services, UnknownSweeperJob.Name));
        var stillUnknown = await fixture.StoredAsync(prisoner.Id);
        fixture.Clock.Advance(TimeSpan.FromMinutes(3));
        var pastThreshold = await JobRuns.FinishedAsync(jobs, JobRuns.Fire(fixture.Worker.Services, UnknownSweeperJob.Name));
        var known = await fixture.KnownAsync(prisoner.Id);

        Assert.Equal("0 published again", JobRuns.Result(tooSoon));
        Assert.Equal("Unknown", stillUnknown[0]);
        Assert.Equal("1 published again", JobRuns.Result(pastThreshold));
        Assert.Equal("NotDangerous", known[0]);
        Assert.True(await fixture.Consumed.Consumed(lost) >= 1);
    }
}
