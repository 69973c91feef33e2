using Prison.Domain.Record;
using Prison.Domain.Rules;
using Prison.Worker.Import;
using static Prison.Worker.Tests.Import.CustodyCsv;

namespace Prison.Worker.Tests.Import;

public class RecordChangeTests
{
    private static readonly DateOnly Day2 = ImportFixture.Day1.AddDays(1);
    private static readonly DateOnly Day3 = ImportFixture.Day1.AddDays(2);

    [Fact]
    public async Task A_status_turning_to_sentenced_makes_the_prisoner_convicted_of_the_top_charge()
    {
        await using var fixture = await ImportFixture.StartAsync();
        fixture.Write(ImportFixture.Day1, Row("1001", status: "DE", topCharge: "125.25"));
        fixture.Write(Day2, Row("1001", status: "SSR", topCharge: "125.25"));

        var summary = await fixture.ImportFolderAsync();
        var prisoner = await fixture.PrisonerAsync("1001");

        Assert.Equal(1, summary.Changes);
        Assert.Equal(LegalStatus.Convicted, prisoner.LegalStatus);
        var charge = Assert.Single(prisoner.Charges);
        Assert.Equal((OffenceCategory.Homicide, true, ChargeOutcome.Convicted), (charge.Category, charge.IsViolent, charge.Outcome));
        Assert.Contains(fixture.Published, p => p.PrisonerId == prisoner.Id && p.ChangeVersion == prisoner.ChangeVersion);
    }

    [Fact]
    public async Task A_new_top_charge_is_recorded_as_a_new_charge_that_supersedes_the_previous_one_and_an_attempt_keeps_the_category()
    {
        await using var fixture = await ImportFixture.StartAsync();
        fixture.Write(ImportFixture.Day1, Row("1001", topCharge: "155.25"));
        fixture.Write(Day2, Row("1001", topCharge: "110-130.35"));

        await fixture.ImportFolderAsync();
        var prisoner = await fixture.PrisonerAsync("1001");

        Assert.Collection(
            prisoner.Charges,
            first => Assert.Equal(("NY Penal Law §155.25", OffenceCategory.Property, false, ChargeOutcome.Pending, (DateOnly?)Day2), (first.Offence, first.Category, first.IsViolent, first.Outcome, first.SupersededOn)),
            second => Assert.Equal(("Attempted NY Penal Law §130.35 (§110.00)", OffenceCategory.Sexual, true, (DateOnly?)null), (second.Offence, second.Category, second.IsViolent, second.SupersededOn)));
    }

    [Fact]
    public async Task Only_the_current_top_charge_stands_so_the_violent_charge_rule_follows_it_and_a_blank_one_leaves_none()
    {
        await using var fixture = await ImportFixture.StartAsync();
        fixture.Write(ImportFixture.Day1, Row("1001", topCharge: "120.05"), Row("1002", topCharge: "220.39"));
        fixture.Write(Day2, Row("1001", topCharge: "220.39"), Row("1002", topCharge: "160.15"));
        fixture.Write(Day3, Row("1001", topCharge: ""), Row("1002", topCharge: "160.15"));

        await fixture.ImportFolderAsync();
        var drugs = await fixture.PrisonerAsync("1001");
        var robbery = await fixture.PrisonerAsync("1002");

        Assert.Equal([Day2, Day3], drugs.Charges.Select(c => c.SupersededOn));
        Assert.False(new ChargedWithViolentCrime().Evaluate(drugs, Day3).Fired);
        Assert.Equal("NY Penal Law §160.15", Assert.Single(new ChargedWithViolentCrime().Evaluate(robbery, Day3).Facts).Split(" (")[0]);
    }

    [Fact]
    public async Task A_sentenced_prisoners_new_top_charge_supersedes_the_convicted_one_which_stays_convicted()
    {
        await using var fixture = await ImportFixture.StartAsync();
        fixture.Write(ImportFixture.Day1, Row("1001", status: "CS", topCharge: "160.15"));
        fixture.Write(Day2, Row("1001", status: "CS", topCharge: "155.25"));

        await fixture.ImportFolderAsync();
        var prisoner = await fixture.PrisonerAsync("1001");

        Assert.Collection(
            prisoner.Charges,
            first => Assert.Equal((ChargeOutcome.Convicted, (DateOnly?)Day2), (first.Outcome, first.SupersededOn)),
            second => Assert.Equal((ChargeOutcome.Convicted, (DateOnly?)null), (second.Outcome, second.SupersededOn)));
        Assert.False(new ChargedWithViolentCrime().Evaluate(prisoner, Day2).Fired);
    }

    [Fact]
    public async Task A_custody_level_change_changes_the_security_category_and_a_blank_level_leaves_it_untouched()
    {
        await using var fixture = await ImportFixture.StartAsync();
        fixture.Write(ImportFixture.Day1, Row("1001", custodyLevel: "MIN"));
        fixture.Write(Day2, Row("1001", custodyLevel: "MAX"));
        await fixture.ImportFolderAsync();
        var versionAtMax = (await fixture.PrisonerAsync("1001")).ChangeVersion;
        fixture.Write(Day3, Row("1001", custodyLevel: ""));

        var blank = await fixture.ImportFolderAsync();
        var prisoner = await fixture.PrisonerAsync("1001");

        Assert.Equal(SecurityCategory.B, prisoner.SecurityCategory);
        Assert.Equal(versionAtMax, prisoner.ChangeVersion);
        Assert.Equal(0, blank.Changes);
    }

    [Fact]
    public async Task The_security_risk_group_flag_records_a_verified_membership_that_day_and_ends_it_when_it_turns_off()
    {
        await using var fixture = await ImportFixture.StartAsync();
        fixture.Write(ImportFixture.Day1, Row("1001", srg: "N"));
        fixture.Write(Day2, Row("1001", srg: "Y"));
        fixture.Write(Day3, Row("1001", srg: "N"));

        var summary = await fixture.ImportFolderAsync();
        var prisoner = await fixture.PrisonerAsync("1001");

        Assert.Equal(2, summary.Changes);
        var membership = Assert.Single(prisoner.ThreatGroupMemberships);
        Assert.Equal(CustodyReplay.SecurityRiskGroup, membership.GroupName);
        Assert.True(membership.IsVerified);
        Assert.Equal(new DateRange(Day2, Day3), membership.Period);
    }

    [Fact]
    public async Task An_infraction_flag_turning_on_records_one_notice_that_day_and_staying_on_records_no_other()
    {
        await using var fixture = await ImportFixture.StartAsync();
        fixture.Write(ImportFixture.Day1, Row("1001", infraction: "N"));
        fixture.Write(Day2, Row("1001", infraction: "Y"));
        fixture.Write(Day3, Row("1001", infraction: "Y", custodyLevel: "MIN"));

        await fixture.ImportFolderAsync();
        var prisoner = await fixture.PrisonerAsync("1001");

        var notice = Assert.Single(prisoner.DisciplinaryNotices);
        Assert.Equal((Day2, NoticeType.Other), (notice.Date, notice.Type));
    }

    [Fact]
    public async Task The_mental_observation_flag_starts_a_self_harm_watch_and_ends_it_when_it_turns_off()
    {
        await using var fixture = await ImportFixture.StartAsync();
        fixture.Write(ImportFixture.Day1, Row("1001", bradh: "Y"));
        fixture.Write(Day2, Row("1001", bradh: "Y"));
        fixture.Write(Day3, Row("1001", bradh: "N"));

        await fixture.ImportFolderAsync();
        var prisoner = await fixture.PrisonerAsync("1001");

        Assert.Equal(new DateRange(ImportFixture.Day1, Day3), Assert.Single(prisoner.SelfHarmWatches).Period);
    }

    [Fact]
    public async Task A_prisoner_whose_row_is_the_same_as_yesterdays_is_not_touched()
    {
        await using var fixture = await ImportFixture.StartAsync();
        fixture.Write(ImportFixture.Day1, Row("1001", age: "30.0"), Row("1002"));
        await fixture.ImportFolderAsync();
        var before = await fixture.PrisonerAsync("1001");
        var publishedBefore = fixture.Published.Count;
        // The age column is spelled differently and a birthday passed: neither is an event.
        fixture.Write(Day2, Row("1001", age: "31"), Row("1002", infraction: "Y"));

        var summary = await fixture.ImportFolderAsync();
        var after = await fixture.PrisonerAsync("1001");

        Assert.Equal(before.ChangeVersion, after.ChangeVersion);
        Assert.Equal(1, summary.Changes);
        Assert.Equal(publishedBefore + 1, fixture.Published.Count);
        Assert.DoesNotContain(fixture.Published.Skip(publishedBefore), p => p.PrisonerId == after.Id);
    }

    [Fact]
    public async Task A_day_is_replayed_in_batches_with_the_same_reads_for_few_or_many_prisoners()
    {
        async Task<int> ReadsOfSecondDayAsync(int prisoners)
        {
            await using var fixture = await ImportFixture.StartAsync();
            var ids = Enumerable.Range(1, prisoners).Select(i => $"{1000 + i}").ToList();
            fixture.Write(ImportFixture.Day1, [.. ids.Select(id => Row(id))]);
            await fixture.ImportFolderAsync();
            fixture.Write(Day2, [.. ids.Select(id => Row(id, status: "CS", srg: "Y", bradh: "Y", infraction: "Y", topCharge: "120.05"))]);
            fixture.Statements.Reset();

            var summary = await fixture.ImportFolderAsync();

            Assert.Equal(prisoners, summary.Changes);
            return fixture.Statements.Statements.Count(s => s.TrimStart().StartsWith("SELECT", StringComparison.OrdinalIgnoreCase));
        }

        Assert.Equal(await ReadsOfSecondDayAsync(3), await ReadsOfSecondDayAsync(40));
    }
}
