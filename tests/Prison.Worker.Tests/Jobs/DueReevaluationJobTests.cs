using Hangfire;
using Microsoft.Extensions.DependencyInjection;
using Prison.Domain.Record;
using Prison.Runtime.Jobs;

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

        var advancedAt = DateTime.UtcNow;
        fixture.Clock.Advance(TimeSpan.FromDays(1));
        var run = JobRuns.Fire(fixture.Worker.Services, DueReevaluationJob.Name);
        var states = await JobRuns.FinishedAsync(fixture.Worker.Services.GetRequiredService<JobStorage>(), run);
        var after = await fixture.StoredAsync(prisoner.Id);

        Assert.Equal(["Dangerous", "DisciplinaryNoticeInLast2Months"], before[..2]);
        Assert.NotEqual("NULL", reevaluateAt);
        Assert.Equal(["NotDangerous", string.Empty], after[..2]);
        Assert.Equal("Succeeded", states[^1].StateName);
        Assert.Equal(1, JobRuns.ReevaluatedSince(fixture.Worker.Services.GetRequiredService<JobStorage>(), typeof(DueReevaluationJob), advancedAt));
    }

    [Fact]
    public async Task Moving_the_clock_past_a_forecasts_instant_and_running_the_job_stores_the_verdict_the_forecast_said()
    {
        await using var fixture = await WorkerFixture.StartAsync();
        // Dangerous now for a notice (leaving its 2 months in 2 days) and a hearing (passed in 4): the first next change
        // keeps the status, the second is the forecast.
        var prisoner = Records.Harmless("D2", 1, fixture.Today.AddDays(-300));
        prisoner.RecordDisciplinaryNotice(fixture.Today.AddMonths(-2).AddDays(2), NoticeType.Other, "late for roll call");
        prisoner.ScheduleCourtHearing(fixture.Today.AddDays(3), "Crown Court Leeds");
        await fixture.PublishAsync([.. await fixture.SaveAsync(prisoner)]);
        await fixture.KnownAsync(prisoner.Id);
        var forecast = (await fixture.Database.RowsAsync(
            $"SELECT forecast_status, forecast_went, reevaluate_at < forecast_at FROM prisoner WHERE id = '{prisoner.Id}'")).Single();
        var forecastAt = await fixture.Database.ScalarAsync<DateTime>($"SELECT forecast_at FROM prisoner WHERE id = '{prisoner.Id}'");

        var advancedAt = DateTime.UtcNow;
        fixture.Clock.Advance(forecastAt - fixture.Clock.GetUtcNow().UtcDateTime + TimeSpan.FromMinutes(1));
        var run = JobRuns.Fire(fixture.Worker.Services, DueReevaluationJob.Name);
        var states = await JobRuns.FinishedAsync(fixture.Worker.Services.GetRequiredService<JobStorage>(), run);
        var after = await fixture.StoredAsync(prisoner.Id);

        Assert.Equal("NotDangerous", forecast[0]);
        Assert.Contains("CourtHearingWithin14Days", forecast[1]);
        Assert.DoesNotContain("DisciplinaryNoticeInLast2Months", forecast[1]);
        Assert.Equal("True", forecast[2], ignoreCase: true);
        Assert.Equal(["NotDangerous", string.Empty], after[..2]);
        Assert.Equal("Succeeded", states[^1].StateName);
        Assert.Equal(1, JobRuns.ReevaluatedSince(fixture.Worker.Services.GetRequiredService<JobStorage>(), typeof(DueReevaluationJob), advancedAt));
    }
}
