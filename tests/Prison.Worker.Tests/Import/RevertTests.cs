using Prison.Domain;
using Prison.Domain.Record;
using Prison.Worker.Import;
using static Prison.Worker.Tests.Import.CustodyCsv;

namespace Prison.Worker.Tests.Import;

public class RevertTests
{
    private static readonly DateOnly Day1 = ImportFixture.Day1;
    private static readonly DateOnly Day2 = Day1.AddDays(1);
    private static readonly DateOnly Day3 = Day1.AddDays(2);

    /// <summary>Thirty people in custody, three with something on their record.</summary>
    private static readonly string[] FirstDay =
    [
        Row("1001", topCharge: "155.25"),
        Row("1002", topCharge: "120.05", srg: "Y", bradh: "Y"),
        Row("1003", topCharge: "125.25"),
        .. Enumerable.Range(1004, 27).Select(id => Row($"{id}")),
    ];

    /// <summary>The real second day: a new top charge, a membership ended, a sentence, an infraction, an arrival and a release.</summary>
    private static readonly string[] SecondDay =
    [
        Row("1001", topCharge: "220.39"),
        Row("1002", topCharge: "120.05", srg: "N", bradh: "Y"),
        Row("1003", topCharge: "125.25", status: "SSR"),
        Row("1004", infraction: "Y"),
        .. Enumerable.Range(1005, 25).Select(id => Row($"{id}")),
        Row("1031", admitted: "2025-08-02T09:30:00.000", topCharge: "160.15"),
        Row("1032", admitted: "2025-08-02T11:00:00.000", age: "25.0", topCharge: "155.30"),
    ];

    /// <summary>
    /// A bad second day: twenty people left out, a sentence and a top charge that are not theirs, a watch ended, a new
    /// stay, custody levels and a sentence the next day does not set right, an infraction, and a mistyped inmateid that
    /// looks like a newcomer. 1003's sentence is the real one, a day early; 1032 is a real newcomer, with another's row.
    /// </summary>
    private static readonly string[] BadSecondDay =
    [
        Row("1001", topCharge: "265.03", status: "CS"),
        Row("1002", topCharge: "120.05", srg: "Y", bradh: "N"),
        Row("1003", topCharge: "125.25", status: "SSR"),
        Row("1004"),
        Row("1005", admitted: "2025-08-02T01:00:00.000"),
        Row("1006", custodyLevel: "MAX"),
        Row("1007", infraction: "Y"),
        Row("1008", custodyLevel: "MIN"),
        Row("1009", status: "CS"),
        Row("1010"),
        Row("1O31", admitted: "2025-08-02T09:30:00.000", topCharge: "160.15"),
        Row("1032", admitted: "2025-08-02T11:00:00.000", age: "45.0", topCharge: "125.25", status: "CS", srg: "Y", bradh: "Y", infraction: "Y"),
    ];

    /// <summary>The third day: 1009 and 1029 released, 1031 flagged, 1008's custody level blank (which changes nothing).</summary>
    private static readonly string[] ThirdDay =
    [
        Row("1001", topCharge: "220.39"),
        Row("1002", topCharge: "120.05", srg: "N", bradh: "Y"),
        Row("1003", topCharge: "125.25", status: "SSR"),
        Row("1004", infraction: "Y"),
        .. Enumerable.Range(1005, 3).Select(id => Row($"{id}")),
        Row("1008", custodyLevel: ""),
        .. Enumerable.Range(1010, 19).Select(id => Row($"{id}")),
        Row("1031", admitted: "2025-08-02T09:30:00.000", topCharge: "160.15", srg: "Y"),
        Row("1032", admitted: "2025-08-02T11:00:00.000", age: "25.0", topCharge: "155.30"),
    ];

    [Theory]
    [InlineData(Engine.PostgreSql)]
    [InlineData(Engine.Sqlite)]
    public async Task Reverting_a_bad_day_and_the_days_after_it_then_importing_the_right_files_gives_the_record_the_right_files_alone_give(Engine engine)
    {
        await using var right = await ImportFixture.StartAsync(engine);
        right.Write(Day1, FirstDay);
        right.Write(Day2, SecondDay);
        right.Write(Day3, ThirdDay);
        await right.ImportFolderAsync();
        await using var reverted = await ImportFixture.StartAsync(engine);
        await ImportBadSecondDayAndTheThirdOnTopAsync(reverted);

        await reverted.RevertAsync(Day2, batchSize: 7);
        reverted.Write(Day2, SecondDay);
        var again = await reverted.ImportFolderAsync();

        Assert.Equal([Day2, Day3], again.Days.Where(d => d.Imported).Select(d => d.File.Day));
        Assert.Equal(await right.RecordAsync(), await reverted.RecordAsync());
        // The person the bad file made up is kept, every entry of theirs struck out, and the files no longer know them.
        var madeUp = await reverted.PrisonerAsync("1O31");
        Assert.All(madeUp.EntriesIncludingStruck(), e => Assert.Equal(ImportedDaysRevert.StrikeReason(Day2), e.Strike?.Reason));
        Assert.Equal("", await reverted.Database.ScalarAsync<string>("SELECT admitted FROM custody_inmate WHERE inmate_id = '1O31'"));
    }

    [Fact]
    public async Task Reverting_strikes_out_what_the_days_added_and_takes_back_their_releases_their_ends_and_their_convictions()
    {
        await using var fixture = await ImportFixture.StartAsync();
        await ImportBadSecondDayAndTheThirdOnTopAsync(fixture);
        var released = await fixture.PrisonerAsync("1020");
        Assert.Equal(2, released.Stays.Count);
        var publishedBefore = fixture.Published.Count;

        var days = await fixture.RevertAsync(Day2);

        // 1001: the charge the bad day superseded is current again, the one it added (and convicted) struck out.
        var first = await fixture.PrisonerAsync("1001");
        Assert.Equal(LegalStatus.Remand, first.LegalStatus);
        var charge = Assert.Single(first.Charges);
        Assert.Equal(("NY Penal Law §155.25", ChargeOutcome.Pending, (DateOnly?)null), (charge.Offence, charge.Outcome, charge.SupersededOn));
        var struckCharge = Assert.Single(first.EntriesIncludingStruck().OfType<Charge>(), c => c.Offence == "NY Penal Law §265.03");
        Assert.Equal(("NY Penal Law §265.03", "import", ImportedDaysRevert.StrikeReason(Day2)), (struckCharge.Offence, struckCharge.Strike!.By, struckCharge.Strike.Reason));
        // 1020: released by the bad day and back on the third: the stay of day 1 is current again, day 3's struck out.
        var back = await fixture.PrisonerAsync("1020");
        var stay = Assert.Single(back.Stays);
        Assert.Equal((new DateOnly(2025, 7, 30), (DateOnly?)null), (stay.ArrivalDate, stay.LeftOn));
        Assert.Equal(ImportedDaysRevert.StrikeReason(Day3), Assert.Single(back.EntriesIncludingStruck(), e => e.IsStruck).Strike!.Reason);
        // 1002: the watch the bad day ended runs on; 1006: back to category C (MED); 1007: the notice struck out.
        Assert.Null(Assert.Single((await fixture.PrisonerAsync("1002")).SelfHarmWatches).Period.End);
        Assert.Equal(SecurityCategory.C, (await fixture.PrisonerAsync("1006")).SecurityCategory);
        Assert.Empty((await fixture.PrisonerAsync("1007")).DisciplinaryNotices);
        // The days are forgotten, with their notes, and each reverted prisoner's change is audited with its values and published.
        Assert.Equal(1, await fixture.Database.ScalarAsync<int>("SELECT count(*) FROM imported_day WHERE day < '2025-08-02'"));
        Assert.Equal(0, await fixture.Database.ScalarAsync<int>("SELECT count(*) FROM imported_day WHERE day >= '2025-08-02'"));
        Assert.Equal(0, await fixture.Database.ScalarAsync<int>("SELECT count(*) FROM imported_inmate_change WHERE day >= '2025-08-02'"));
        Assert.Equal(0, await fixture.Database.ScalarAsync<int>("SELECT count(*) FROM imported_entry_change WHERE day >= '2025-08-02'"));
        Assert.Contains(fixture.Published.Skip(publishedBefore), p => p.PrisonerId == back.Id && p.ChangeVersion == back.ChangeVersion);
        Assert.Equal("import", await fixture.Database.ScalarAsync<string>(
            $"SELECT user_name FROM audit_entry WHERE prisoner_number = '1020' AND before_values LIKE '%2025-08-02%' AND after_values LIKE '%reverted%'"));
        // What each day undid. The bad day: 20 releases, 1005's stay, 1001's charge and 1002's watch ended; 1001's charge,
        // 1005's stay, 1007's notice, 1O31's stay and charge and 1032's stay, charge, membership, watch and notice added;
        // 1003's and 1009's charges convicted; 30 inmates touched. The third day: 18 stays of people back, 1031's stay,
        // charge and membership, 1001's and 1032's charges, 1002's watch, 1004's notice and 1005's stay added, 1002's
        // membership and 1009's stay ended; what it did to entries the bad day added needs no undoing.
        Assert.Equal([Day2, Day3], days.Select(d => d.Day));
        Assert.Equal((30, 23, 10, 2), (days[0].Inmates, days[0].Reopened, days[0].StruckOut, days[0].ConvictionsTakenBack));
        Assert.Equal((26, 2, 0), (days[1].StruckOut, days[1].Reopened, days[1].ConvictionsTakenBack));
        // 1008 and 1009: the custody level and the sentence the third day left as the bad day set them are put back.
        Assert.Equal(SecurityCategory.C, (await fixture.PrisonerAsync("1008")).SecurityCategory);
        Assert.Equal(LegalStatus.Remand, (await fixture.PrisonerAsync("1009")).LegalStatus);
    }

    [Fact]
    public async Task Reverting_a_day_that_was_not_imported_is_refused_naming_the_imported_days_and_changes_nothing()
    {
        await using var fixture = await ImportFixture.StartAsync();
        fixture.Write(Day1, FirstDay);
        await fixture.ImportFolderAsync();
        var before = await fixture.SnapshotAsync();

        var refusal = await Assert.ThrowsAsync<ImportRevertRefusedException>(() => fixture.RevertAsync(Day2));

        Assert.Equal("2025-08-02 was not imported: the days imported are 1 from 2025-08-01 to 2025-08-01; name one of them.", refusal.Message);
        Assert.Equal(before, await fixture.SnapshotAsync());
    }

    /// <summary>The first day, the bad second day (as an operator who let it release twenty) and the right third day on top of it.</summary>
    private static async Task ImportBadSecondDayAndTheThirdOnTopAsync(ImportFixture fixture)
    {
        fixture.Write(Day1, FirstDay);
        await fixture.ImportFolderAsync();
        fixture.Write(Day2, BadSecondDay);
        await fixture.ImportFolderAsync(allowMassRelease: true);
        fixture.Write(Day3, ThirdDay);
        await fixture.ImportFolderAsync(allowMassRelease: true);
    }

    [Fact]
    public async Task A_revert_reads_the_same_for_few_or_many_prisoners()
    {
        async Task<int> ReadsOfRevertAsync(int prisoners)
        {
            await using var fixture = await ImportFixture.StartAsync();
            var ids = Enumerable.Range(1, prisoners).Select(i => $"{1000 + i}").ToList();
            fixture.Write(Day1, [.. ids.Select(id => Row(id))]);
            fixture.Write(Day2, [.. ids.Select(id => Row(id, status: "CS", srg: "Y", bradh: "Y", infraction: "Y", topCharge: "120.05"))]);
            await fixture.ImportFolderAsync();
            fixture.Statements.Reset();

            var reverted = await fixture.RevertAsync(Day2);

            Assert.Equal(prisoners, Assert.Single(reverted).Inmates);
            return fixture.Statements.Statements.Count(s => s.TrimStart().StartsWith("SELECT", StringComparison.OrdinalIgnoreCase));
        }

        Assert.Equal(await ReadsOfRevertAsync(3), await ReadsOfRevertAsync(40));
    }
}
