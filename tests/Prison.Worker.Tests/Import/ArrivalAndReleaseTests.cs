using Prison.Domain;
using Prison.Domain.Record;
using Prison.Worker.Import;
using static Prison.Worker.Tests.Import.CustodyCsv;

namespace Prison.Worker.Tests.Import;

public class ArrivalAndReleaseTests
{
    [Fact]
    public async Task A_new_inmate_becomes_a_prisoner_admitted_on_the_day_of_admission_with_what_the_row_says()
    {
        await using var fixture = await ImportFixture.StartAsync();
        fixture.Write(ImportFixture.Day1, Row("1001", admitted: "2025-07-28T23:40:12.000", custodyLevel: "MAX", age: "23.0", topCharge: "160.15"));

        var summary = await fixture.ImportFolderAsync();
        var prisoner = await fixture.PrisonerAsync("1001");

        Assert.Equal(1, summary.Arrivals);
        Assert.Equal(new MadeUpDetails().NameOf("1001", isWoman: false), prisoner.Name);
        Assert.Equal(new DateOnly(2002, 7, 1), prisoner.DateOfBirth);
        Assert.Equal(LegalStatus.Remand, prisoner.LegalStatus);
        Assert.Equal(SecurityCategory.B, prisoner.SecurityCategory);
        var stay = Assert.Single(prisoner.Stays);
        Assert.Equal(new DateOnly(2025, 7, 28), stay.ArrivalDate);
        Assert.Equal(ArrivalReason.NewReception, stay.ArrivalReason);
        Assert.Equal(MadeUpDetails.FacilityOf("1001", isWoman: false).Code, await fixture.PrisonCodeAsync(stay.PrisonId));
        var charge = Assert.Single(prisoner.Charges);
        Assert.Equal(("NY Penal Law §160.15", OffenceCategory.Robbery, true, ChargeOutcome.Pending), (charge.Offence, charge.Category, charge.IsViolent, charge.Outcome));
        Assert.Empty(prisoner.DisciplinaryNotices);
        Assert.Empty(prisoner.SelfHarmWatches);
        Assert.Empty(prisoner.ThreatGroupMemberships);
        Assert.Equal(DangerStatus.Unknown, prisoner.DangerStatus);
        Assert.Equal([(prisoner.Id, prisoner.ChangeVersion)], fixture.Published.Select(p => (p.PrisonerId, p.ChangeVersion)));
    }

    [Fact]
    public async Task A_woman_is_held_at_the_Rose_M_Singer_Center()
    {
        await using var fixture = await ImportFixture.StartAsync();
        fixture.Write(ImportFixture.Day1, Row("2002", gender: "F"));

        await fixture.ImportFolderAsync();
        var prisoner = await fixture.PrisonerAsync("2002");

        Assert.Equal("RMSC", await fixture.PrisonCodeAsync(prisoner.CurrentStay!.PrisonId));
        Assert.Equal(new MadeUpDetails().NameOf("2002", isWoman: true), prisoner.Name);
    }

    [Fact]
    public async Task An_inmate_missing_from_the_next_days_file_is_released_on_that_day()
    {
        await using var fixture = await ImportFixture.StartAsync();
        fixture.Write(ImportFixture.Day1, Row("1001"), Row("1002"));
        fixture.Write(ImportFixture.Day1.AddDays(1), Row("1002"));

        // Half of the two in custody: far more than a day may release unless the operator says so.
        var summary = await fixture.ImportFolderAsync(allowMassRelease: true);
        var released = await fixture.PrisonerAsync("1001");
        var held = await fixture.PrisonerAsync("1002");

        Assert.Equal((2, 1), (summary.Arrivals, summary.Releases));
        Assert.Null(released.CurrentStay);
        Assert.Equal(ImportFixture.Day1.AddDays(1), Assert.Single(released.Stays).LeftOn);
        Assert.NotNull(held.CurrentStay);
        Assert.Contains(fixture.Published, p => p.PrisonerId == released.Id && p.ChangeVersion == released.ChangeVersion);
    }

    [Fact]
    public async Task A_new_admission_of_a_known_inmate_ends_the_previous_stay_the_day_before_and_starts_a_new_one()
    {
        await using var fixture = await ImportFixture.StartAsync();
        var day2 = ImportFixture.Day1.AddDays(1);
        fixture.Write(ImportFixture.Day1, Row("1001", admitted: "2025-06-01T10:00:00.000"));
        fixture.Write(day2, Row("1001", admitted: "2025-08-02T03:10:00.000"));

        var summary = await fixture.ImportFolderAsync();
        var prisoner = await fixture.PrisonerAsync("1001");

        Assert.Equal((2, 1), (summary.Arrivals, summary.Releases));
        Assert.Collection(
            prisoner.Stays.OrderBy(i => i.ArrivalDate),
            first => Assert.Equal((new DateOnly(2025, 6, 1), (DateOnly?)ImportFixture.Day1), (first.ArrivalDate, first.LeftOn)),
            second => Assert.Equal((day2, (DateOnly?)null), (second.ArrivalDate, second.LeftOn)));
    }

    [Fact]
    public async Task An_inmate_back_in_the_files_with_the_same_admission_starts_a_new_stay_on_the_day_they_reappear()
    {
        await using var fixture = await ImportFixture.StartAsync();
        fixture.Write(ImportFixture.Day1, Row("1001"), Row("1002"));
        fixture.Write(ImportFixture.Day1.AddDays(1), Row("1002"));
        fixture.Write(ImportFixture.Day1.AddDays(2), Row("1001"), Row("1002"));

        var summary = await fixture.ImportFolderAsync(allowMassRelease: true);
        var prisoner = await fixture.PrisonerAsync("1001");

        Assert.Equal((3, 1), (summary.Arrivals, summary.Releases));
        Assert.Equal(ImportFixture.Day1.AddDays(2), prisoner.CurrentStay!.ArrivalDate);
        Assert.Equal(2, prisoner.Stays.Count);
    }
}
