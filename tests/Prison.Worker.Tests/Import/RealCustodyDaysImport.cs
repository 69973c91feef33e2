using Microsoft.EntityFrameworkCore;
using Prison.Db.Reads;
using Prison.Domain;
using Prison.Worker.Import;

namespace Prison.Worker.Tests.Import;

/// <summary>
/// The real August files imported once for the tests of a class, as an operator imports them day after day: the first
/// three days, with what the database held then, and then the rest.
/// </summary>
public sealed class RealCustodyDaysImport : IAsyncLifetime
{
    private ImportFixture _fixture = null!;

    /// <summary>Every real file, oldest first.</summary>
    public IReadOnlyList<CustodyFile> Files { get; private set; } = [];

    public ImportSummary FirstThreeDays { get; private set; } = null!;

    /// <summary>The number of prisoners, of open imprisonments and of prisons after the first three days.</summary>
    public (int Prisoners, int OpenImprisonments, int Prisons) CountsAfterThreeDays { get; private set; }

    /// <summary>The 500 prisoners of the lowest ids, loaded whole after the first three days.</summary>
    public IReadOnlyList<Prisoner> FirstPrisonersAfterThreeDays { get; private set; } = [];

    /// <summary>The import of the days after the first three.</summary>
    public ImportSummary LaterDays { get; private set; } = null!;

    public ScratchDatabase Database => _fixture.Database;

    public async Task InitializeAsync()
    {
        _fixture = await ImportFixture.StartAsync();
        Files = CustodyFileSearch.Find(SharedDataFolder());
        FirstThreeDays = await _fixture.Importer().ImportAsync(Files.Take(3).ToList(), SilentImportProgress.Instance);
        CountsAfterThreeDays = (
            await Database.ScalarAsync<int>("SELECT count(*) FROM prisoner"),
            await Database.ScalarAsync<int>("SELECT count(*) FROM imprisonment WHERE left_on IS NULL"),
            await Database.ScalarAsync<int>("SELECT count(*) FROM prison"));
        await using (var db = Database.Open())
        {
            FirstPrisonersAfterThreeDays = await db.LoadPrisonersAsync(await db.Prisoners.OrderBy(p => p.Id).Take(500).Select(p => p.Id).ToListAsync(), Tracking.Untracked);
        }

        LaterDays = await _fixture.Importer().ImportAsync(Files.Skip(3).ToList(), SilentImportProgress.Instance);
    }

    public async Task DisposeAsync() => await _fixture.DisposeAsync();

    /// <summary>data/nyc-doc-daily in the shared folder found by walking up from the test's output folder.</summary>
    private static string SharedDataFolder()
    {
        for (var folder = new DirectoryInfo(AppContext.BaseDirectory); folder is not null; folder = folder.Parent)
        {
            var data = Path.Combine(folder.FullName, "shared", "data", "nyc-doc-daily");
            if (Directory.Exists(data))
            {
                return data;
            }
        }

        throw new DirectoryNotFoundException($"No shared/data/nyc-doc-daily above {AppContext.BaseDirectory}.");
    }
}
