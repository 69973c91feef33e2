using Microsoft.Extensions.Configuration;
using Prison.ServiceDefaults;
using Prison.Worker.Import;
using static Prison.Worker.Tests.Import.CustodyCsv;

namespace Prison.Worker.Tests.Import;

public class MassReleaseTests
{
    private static readonly DateOnly Day2 = ImportFixture.Day1.AddDays(1);

    private static string[] Inmates(int from, int count) => [.. Enumerable.Range(from, count).Select(id => Row($"{id}"))];

    [Fact]
    public async Task A_day_releasing_more_than_a_tenth_of_those_in_custody_is_refused_saying_how_many_and_nothing_of_it_is_written()
    {
        await using var fixture = await ImportFixture.StartAsync();
        fixture.Write(ImportFixture.Day1, Inmates(1001, 20));
        await fixture.ImportFolderAsync();
        var before = await fixture.SnapshotAsync();
        var published = fixture.Published.Count;
        var day2 = fixture.Write(Day2, [.. Inmates(1001, 17), .. Inmates(2001, 2)]);
        fixture.Write(Day2.AddDays(1), Inmates(1001, 17));

        var summary = await fixture.ImportFolderAsync();

        Assert.Equal(
            $"{day2.Name} is refused: it would release 3 of the 20 people in custody (15 %), more than the 10 % Import:MaxReleaseShare allows. " +
            "A file cut short, or with only its header, releases everyone it leaves out. " +
            "Nothing of 2025-08-02 or later was imported; if these releases did happen, import it again with --allow-mass-release.",
            summary.Refusal);
        Assert.Equal((0, 1, 0), (summary.DaysImported, summary.DaysSkipped, summary.Arrivals));
        Assert.Equal(before, await fixture.SnapshotAsync());
        Assert.Equal(published, fixture.Published.Count);
    }

    [Fact]
    public async Task A_day_releasing_up_to_the_configured_share_or_allowed_by_the_operator_is_imported()
    {
        await using var fixture = await ImportFixture.StartAsync();
        fixture.Write(ImportFixture.Day1, Inmates(1001, 20));
        await fixture.ImportFolderAsync();
        fixture.Write(Day2, Inmates(1001, 18));
        fixture.Write(Day2.AddDays(1), Inmates(1001, 10));

        var tenth = await fixture.ImportAsync(CustodyFileSearch.Find(fixture.Folder)[1]);
        var half = await fixture.Importer(allowMassRelease: true).ImportAsync(CustodyFileSearch.Find(fixture.Folder), SilentImportProgress.Instance);

        Assert.Equal((2, (string?)null), (tenth.Releases, tenth.Refusal));
        Assert.Equal((8, (string?)null), (half.Releases, half.Refusal));
    }

    [Fact]
    public async Task The_share_is_a_setting_read_as_a_fraction_or_a_percentage()
    {
        await using var fixture = await ImportFixture.StartAsync();
        fixture.Write(ImportFixture.Day1, Inmates(1001, 20));
        await fixture.ImportFolderAsync();
        fixture.Write(Day2, Inmates(1001, 19));

        var refused = await fixture.Importer(maxReleaseShare: 0.01).ImportAsync(CustodyFileSearch.Find(fixture.Folder), SilentImportProgress.Instance);

        Assert.Contains("it would release 1 of the 20 people in custody (5 %), more than the 1 % Import:MaxReleaseShare allows", refused.Refusal);
        Assert.Equal(0.25, ImportCommand.MaxReleaseShareOf(Configuration("0.25")));
        Assert.Equal(0.25, ImportCommand.MaxReleaseShareOf(Configuration("25%")));
        Assert.Equal(0.10, ImportCommand.MaxReleaseShareOf(Configuration(null)));
        Assert.Equal(
            "Import:MaxReleaseShare is 'lots'; it must be a share of the people in custody from 0 to 1 (or 0% to 100%), such as 0.10.",
            Assert.Throws<StartupException>(() => ImportCommand.MaxReleaseShareOf(Configuration("lots"))).Message);
        Assert.Throws<StartupException>(() => ImportCommand.MaxReleaseShareOf(Configuration("1.5")));
    }

    private static IConfiguration Configuration(string? share) =>
        new ConfigurationBuilder().AddInMemoryCollection(new Dictionary<string, string?> { [CustodyImporter.MaxReleaseShareKey] = share }).Build();
}
