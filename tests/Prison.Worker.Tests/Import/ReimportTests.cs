using static Prison.Worker.Tests.Import.CustodyCsv;

namespace Prison.Worker.Tests.Import;

public class ReimportTests
{
    [Fact]
    public async Task Importing_the_same_files_again_changes_nothing()
    {
        await using var fixture = await ImportFixture.StartAsync();
        fixture.Write(ImportFixture.Day1, Row("1001", bradh: "Y", srg: "Y", infraction: "Y"), Row("1002"), Row("1003", gender: "F"));
        fixture.Write(ImportFixture.Day1.AddDays(1), Row("1001", status: "CS"), Row("1003", gender: "F", topCharge: "265.03"), Row("1004"));
        await fixture.ImportFolderAsync(batchSize: 2, allowMassRelease: true);
        var before = await fixture.SnapshotAsync();
        var published = fixture.Published.Count;

        var again = await fixture.ImportFolderAsync(batchSize: 2);

        Assert.Equal(before, await fixture.SnapshotAsync());
        Assert.Equal(published, fixture.Published.Count);
        Assert.Equal((0, 2), (again.DaysImported, again.DaysSkipped));
        Assert.Equal("2025-08-02 is imported already", again.Days[1].SkippedBecause);
    }

    [Fact]
    public async Task A_day_before_the_last_imported_one_is_skipped_so_it_cannot_undo_later_arrivals()
    {
        await using var fixture = await ImportFixture.StartAsync();
        var day1 = fixture.Write(ImportFixture.Day1, Row("1001"));
        var day2 = fixture.Write(ImportFixture.Day1.AddDays(1), Row("1001"), Row("1002"));
        await fixture.ImportAsync(day2);
        var before = await fixture.SnapshotAsync();

        var late = await fixture.ImportAsync(day1);

        Assert.Equal(before, await fixture.SnapshotAsync());
        Assert.Equal("2025-08-01 is before 2025-08-02, the last day imported", Assert.Single(late.Days).SkippedBecause);
    }
}
