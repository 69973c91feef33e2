using MassTransit;
using MassTransit.Testing;
using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging.Abstractions;
using Prison.Runtime.Messaging;
using Prison.Db;
using Prison.Db.Reads;
using Prison.Domain;
using Prison.Domain.Messages;
using Prison.Worker.Import;

namespace Prison.Worker.Tests.Import;

/// <summary>
/// A migrated PostgreSQL database, a folder for custody files and an importer whose published changes are kept
/// (MassTransit's in-memory test harness stands in for the broker; the database is real).
/// </summary>
internal sealed class ImportFixture : IAsyncDisposable
{
    public static readonly DateOnly Day1 = new(2025, 8, 1);

    private readonly ServiceProvider _services;
    private readonly ITestHarness _harness;

    private ImportFixture(ScratchDatabase database, ServiceProvider services, ITestHarness harness)
    {
        Database = database;
        _services = services;
        _harness = harness;
        Folder = Directory.CreateTempSubdirectory("prison-import-test-").FullName;
    }

    public ScratchDatabase Database { get; }

    public string Folder { get; }

    public StatementCounter Statements { get; } = new();

    public static async Task<ImportFixture> StartAsync(Engine engine = Engine.PostgreSql)
    {
        var database = await ScratchDatabase.MigratedAsync(engine);
        var services = new ServiceCollection().AddMassTransitTestHarness().BuildServiceProvider(true);
        var harness = services.GetRequiredService<ITestHarness>();
        await harness.Start();
        return new ImportFixture(database, services, harness);
    }

    /// <param name="allowMassRelease">As `import --allow-mass-release`: for a day that releases more than a tenth of a small test population.</param>
    public CustodyImporter Importer(
        int batchSize = CustodyImporter.DefaultBatchSize, bool allowMassRelease = false, double maxReleaseShare = CustodyImporter.DefaultMaxReleaseShare) =>
        new(() => Database.OpenAs("import", null, Statements), Publisher, NullLogger<CustodyImporter>.Instance, TimeProvider.System)
        {
            BatchSize = batchSize,
            AllowMassRelease = allowMassRelease,
            MaxReleaseShare = maxReleaseShare,
        };

    /// <summary>Undoes <paramref name="day"/> and every later imported day, as `import revert DAY` does.</summary>
    public Task<IReadOnlyList<RevertedDay>> RevertAsync(DateOnly day, int batchSize = CustodyImporter.DefaultBatchSize) =>
        new ImportedDaysRevert(() => Database.OpenAs("import", null, Statements), Publisher, NullLogger<ImportedDaysRevert>.Instance, TimeProvider.System) { BatchSize = batchSize }
            .RevertAsync(day);

    public CustodyFile Write(DateOnly day, params string[] rows) => CustodyCsv.Write(Folder, day, rows);

    /// <summary>Imports every custody file of the folder, as `import FOLDER` does.</summary>
    public Task<ImportSummary> ImportFolderAsync(int batchSize = CustodyImporter.DefaultBatchSize, bool allowMassRelease = false) =>
        Importer(batchSize, allowMassRelease).ImportAsync(CustodyFileSearch.Find(Folder), SilentImportProgress.Instance);

    public Task<ImportSummary> ImportAsync(params CustodyFile[] files) => Importer().ImportAsync(files, SilentImportProgress.Instance);

    /// <summary>The whole aggregate of the prisoner the inmateid became.</summary>
    public async Task<Prisoner> PrisonerAsync(string inmateId)
    {
        await using var db = Database.Open();
        return await db.LoadPrisonerAsync(inmateId, Tracking.Untracked) ?? throw new InvalidOperationException($"No prisoner has the number {inmateId}.");
    }

    public async Task<string> PrisonCodeAsync(int prisonId)
    {
        await using var db = Database.Open();
        return await db.Prisons.Where(p => p.Id == prisonId).Select(p => p.Code).SingleAsync();
    }

    private ChangePublisher Publisher => new(_harness.Bus, NullLogger<ChangePublisher>.Instance, TimeProvider.System);

    public IReadOnlyList<PrisonerChanged> Published =>
        [.. _harness.Published.Select<PrisonerChanged>().Select(m => m.Context.Message)];

    /// <summary>Every prisoner's id and change version, and the number of rows in every table: what "nothing changed" compares.</summary>
    public async Task<string> SnapshotAsync()
    {
        var versions = await Database.RowsAsync("SELECT id, change_version FROM prisoner ORDER BY id");
        var counts = await Database.RowsAsync(
            """
            SELECT (SELECT count(*) FROM prison), (SELECT count(*) FROM imprisonment), (SELECT count(*) FROM charge),
                   (SELECT count(*) FROM disciplinary_notice), (SELECT count(*) FROM threat_group_membership),
                   (SELECT count(*) FROM self_harm_watch), (SELECT count(*) FROM custody_inmate), (SELECT count(*) FROM imported_day)
            """);
        return string.Join(";", versions.Select(r => string.Join(",", r))) + "|" + string.Join(",", counts.Single());
    }

    /// <summary>
    /// The record as the rules and staff read it, to compare two databases: each prisoner with an entry that is not
    /// struck out (personal details, legal status, security category, those entries without their ids), each inmate's
    /// last imported row (but those forgotten by a revert) and the imported days with their counts.
    /// </summary>
    public async Task<IReadOnlyList<string>> RecordAsync()
    {
        var lines = new List<string>();
        await using (var db = Database.Open())
        {
            foreach (var prisoner in (await db.LoadPrisonersAsync(await db.Prisoners.Select(p => p.Id).ToListAsync(), Tracking.Untracked)).OrderBy(p => p.Number, StringComparer.Ordinal))
            {
                var entries = prisoner.EntriesIncludingStruck().Where(e => !e.IsStruck).Select(e => $"  {e.GetType().Name}: {e}").Order(StringComparer.Ordinal).ToList();
                if (entries.Count > 0)
                {
                    lines.Add($"{prisoner.Number}: {prisoner.Name}, born {prisoner.DateOfBirth}, {prisoner.LegalStatus}, category {prisoner.SecurityCategory}");
                    lines.AddRange(entries);
                }
            }
        }

        var inmates = await Database.RowsAsync(
            """
            SELECT inmate_id, admitted, custody_level, status_code, top_charge, mental_observation, security_risk_group, infraction, recorded_on, released_on
            FROM custody_inmate WHERE admitted <> '' ORDER BY inmate_id
            """);
        var days = await Database.RowsAsync("SELECT day, file_name, row_count, arrivals, releases, changes, rejected_rows FROM imported_day ORDER BY day");
        lines.AddRange(inmates.Concat(days).Select(row => string.Join(",", row)));
        return lines;
    }

    public async ValueTask DisposeAsync()
    {
        await _harness.Stop();
        await _services.DisposeAsync();
        await Database.DisposeAsync();
        Directory.Delete(Folder, recursive: true);
    }
}
