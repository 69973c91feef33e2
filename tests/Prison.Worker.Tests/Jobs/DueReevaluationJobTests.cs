using Hangfire;
using Microsoft.Extensions.DependencyInjection;
using Prison.Domain.Record;
using Prison.Hosting.Jobs;

namespace Prison.Worker.Tests.Jobs;

public class DueReevaluationJobTests
{
    [Fact]
    public async Task Moving_the_clock_past_reevaluate_at_flips_the_flag_through_the_job()
    {
        await using var fixture = await WorkerFixture.StartAsync();
        // Counts for rule 2 ("in the last 2 months") until the end of today in the prison's calendar, and no longer.
        var prisoner = Records.Harmless("D1", 1, fixture.Today.AddDays(-300));
        prisoner.RecordDisciplinaryNotice(fixture.Today.AddMonths(-2).AddDays(1), NoticeType.Other, "late for roll call");
        await fixture.PublishAsync([.. await fixture.SaveAsync(prisoner)]);
        var before = await fixture.KnownAsync(prisoner.Id);
        var reevaluateAt = (await fixture.Database.RowsAsync($"SELECT reevaluate_at FROM prisoner WHERE id = '{prisoner.Id}'")).Single()[0];

        fixture.Clock.Advance(TimeSpan.FromDays(1));
        var run = JobRuns.Fire(fixture.Worker.Services, DueReevaluationJob.Name);
        var states = await JobRuns.FinishedAsync(fixture.Worker.Services.GetRequiredService<JobStorage>(), run);
        var after = await fixture.StoredAsync(prisoner.Id);

        Assert.Equal(["Dangerous", "DisciplinaryNoticeInLast2Months"], before[..2]);
        Assert.NotEqual("NULL", reevaluateAt);
        Assert.Equal(["NotDangerous", string.Empty], after[..2]);
        Assert.Equal("1 re-evaluated", JobRuns.Result(states));
    }
}
