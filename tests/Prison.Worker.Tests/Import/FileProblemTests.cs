using Prison.Worker.Import;
using static Prison.Worker.Tests.Import.CustodyCsv;

namespace Prison.Worker.Tests.Import;

public class FileProblemTests
{
    [Fact]
    public async Task A_malformed_row_is_reported_with_its_file_and_line_and_the_rest_of_the_file_is_imported()
    {
        await using var fixture = await ImportFixture.StartAsync();
        var file = fixture.Write(
            ImportFixture.Day1,
            Row("1001"),
            Row("", admitted: "2025-07-01T08:00:00.000"),
            Row("1003", admitted: "yesterday"),
            Row("1004", age: "thirty"),
            Row("1005", srg: "maybe"),
            Row("1006"));

        var summary = await fixture.ImportFolderAsync();

        Assert.Equal((6, 2), (summary.Rows, summary.Arrivals));
        Assert.Equal(
            [
                $"{file.Name}:3: inmateid is missing",
                $"{file.Name}:4: admitted_dt 'yesterday' is not a date and time",
                $"{file.Name}:5: age 'thirty' is not an age in whole years from 10 to 110",
                $"{file.Name}:6: srg_flg 'maybe' is not Y or N",
            ],
            summary.Rejected.Select(r => r.ToString()));
        Assert.NotNull((await fixture.PrisonerAsync("1006")).CurrentStay);
        Assert.Equal("4", (await fixture.Database.RowsAsync("SELECT rejected_rows FROM imported_day")).Single()[0]);
    }

    [Fact]
    public async Task A_known_inmate_whose_row_is_malformed_one_day_is_not_released_for_it()
    {
        await using var fixture = await ImportFixture.StartAsync();
        fixture.Write(ImportFixture.Day1, Row("1001"));
        fixture.Write(ImportFixture.Day1.AddDays(1), Row("1001", age: "124.0"));

        var summary = await fixture.ImportFolderAsync();

        Assert.Equal((1, 0), (summary.Rejected.Count, summary.Releases));
        Assert.NotNull((await fixture.PrisonerAsync("1001")).CurrentStay);
    }

    [Theory]
    [InlineData("")]
    [InlineData("10 29")]
    public async Task A_day_with_a_row_without_a_readable_inmateid_releases_nobody_and_the_next_whole_day_releases_those_still_missing(string unreadable)
    {
        await using var fixture = await ImportFixture.StartAsync();
        var (day2, day3) = (ImportFixture.Day1.AddDays(1), ImportFixture.Day1.AddDays(2));
        fixture.Write(ImportFixture.Day1, [.. Enumerable.Range(1001, 30).Select(id => Row($"{id}"))]);
        // 1028, 1029 and 1030 are missing from day 2; one of them may be the row without an id.
        fixture.Write(day2, [.. Enumerable.Range(1001, 27).Select(id => Row($"{id}")), Row(unreadable)]);
        fixture.Write(day3, [.. Enumerable.Range(1001, 28).Select(id => Row($"{id}"))]);

        var summary = await fixture.ImportFolderAsync();

        Assert.Equal((0, 3), (summary.Days[1].Releases, summary.Days[1].ReleasesHeldBack));
        Assert.Equal((2, 0), (summary.Days[2].Releases, summary.Days[2].ReleasesHeldBack));
        Assert.Equal(day3, Assert.Single((await fixture.PrisonerAsync("1029")).Stays).LeftOn);
        Assert.Equal(day3, Assert.Single((await fixture.PrisonerAsync("1030")).Stays).LeftOn);
        var stay = Assert.Single((await fixture.PrisonerAsync("1028")).Stays);
        Assert.Equal((new DateOnly(2025, 7, 30), (DateOnly?)null), (stay.ArrivalDate, stay.LeftOn));
    }

    [Fact]
    public async Task A_file_without_a_required_column_is_refused_naming_the_column_and_nothing_is_imported()
    {
        await using var fixture = await ImportFixture.StartAsync();
        fixture.Write(ImportFixture.Day1, Row("1001"));
        var broken = CustodyCsv.WriteRaw(fixture.Folder, ImportFixture.Day1.AddDays(1), Header.Replace("admitted_dt", "admission"), Row("1001"));

        var refusal = await Assert.ThrowsAsync<CustodyFileRefusedException>(() => fixture.ImportFolderAsync());

        Assert.Contains($"{broken.Name} is refused: its header has no column 'admitted_dt'", refusal.Message);
        Assert.Equal("0", await fixture.Database.ScalarAsync<string>("SELECT count(*) FROM prisoner"));
    }

    [Fact]
    public void A_folder_means_every_daily_file_in_it_in_date_order_and_other_files_are_ignored()
    {
        var folder = Directory.CreateTempSubdirectory("prison-import-search-").FullName;
        try
        {
            foreach (var name in new[] { "DOC_Inmates_InCustody_Daily_20250803.csv", "DOC_Inmates_InCustody_Daily_20250801.csv", "notes.csv", "DOC_Inmates_InCustody_Daily_2025.csv" })
            {
                File.WriteAllText(Path.Combine(folder, name), Header);
            }

            var files = CustodyFileSearch.Find(folder);

            Assert.Equal([new DateOnly(2025, 8, 1), new DateOnly(2025, 8, 3)], files.Select(f => f.Day));
            Assert.Throws<CustodyPathException>(() => CustodyFileSearch.Find(Path.Combine(folder, "notes.csv")));
            Assert.Throws<CustodyPathException>(() => CustodyFileSearch.Find(Path.Combine(folder, "missing")));
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }
}
