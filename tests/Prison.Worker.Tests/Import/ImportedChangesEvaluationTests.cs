using MassTransit;
using MassTransit.Testing;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging.Abstractions;
using Prison.Domain.Messages;
using Prison.Runtime.Evaluation;
using Prison.Runtime.Messaging;
using Prison.Worker.Import;
using static Prison.Worker.Tests.Import.CustodyCsv;

namespace Prison.Worker.Tests.Import;

public class ImportedChangesEvaluationTests
{
    [Fact]
    public async Task Imported_changes_are_published_after_commit_and_the_worker_stores_a_verdict_for_them()
    {
        await using var fixture = await WorkerFixture.StartAsync();
        var folder = Directory.CreateTempSubdirectory("prison-import-worker-").FullName;
        try
        {
            Write(folder, new DateOnly(2025, 8, 1), Row("1001", status: "CS", topCharge: "155.25", custodyLevel: "MIN"), Row("1002", srg: "Y"));
            var importer = new CustodyImporter(fixture.Open, fixture.Worker.Services.GetRequiredService<ChangePublisher>(), NullLogger<CustodyImporter>.Instance, fixture.Clock);

            await importer.ImportAsync(CustodyFileSearch.Find(folder), SilentImportProgress.Instance);
            var ids = await fixture.Database.RowsAsync("SELECT number, id FROM prisoner ORDER BY number");
            var harmless = await fixture.KnownAsync(Guid.Parse(ids[0][1]));
            var gangMember = await fixture.KnownAsync(Guid.Parse(ids[1][1]));

            Assert.Equal("NotDangerous", harmless[0]);
            Assert.Equal("Dangerous", gangMember[0]);
            Assert.Contains("SecurityThreatGroupMember", gangMember[1]);
            Assert.Contains("NotConvicted", gangMember[1]);

            // Each first verdict is in the history, caused by the day's custody file.
            Assert.Equal(
                [["1001", "NotDangerous", "Import", "custody file of 2025-08-01"], ["1002", "Dangerous", "Import", "custody file of 2025-08-01"]],
                await fixture.Database.RowsAsync("SELECT p.number, c.to_status, c.cause, c.cause_detail FROM verdict_change c JOIN prisoner p ON p.id = c.prisoner_id ORDER BY p.number"));
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    [Fact]
    public async Task An_import_stores_each_batchs_verdicts_itself_so_they_come_with_no_worker_consuming_its_changes()
    {
        await using var fixture = await WorkerFixture.StartAsync();
        await using var harnessServices = new ServiceCollection().AddMassTransitTestHarness().BuildServiceProvider(true);
        var harness = await StartedHarnessAsync(harnessServices);
        var folder = Directory.CreateTempSubdirectory("prison-import-evaluates-").FullName;
        try
        {
            Write(folder, new DateOnly(2025, 8, 1), Row("1001", status: "CS", topCharge: "155.25", custodyLevel: "MIN"), Row("1002", srg: "Y"), Row("1003"));
            var importer = EvaluatingImporter(fixture, harness, batchSize: 2);

            await importer.ImportAsync(CustodyFileSearch.Find(folder), SilentImportProgress.Instance);

            // Read once, right after the import returned: no waiting for a verdict.
            Assert.Equal(
                [["1001", "NotDangerous", "1"], ["1002", "Dangerous", "1"], ["1003", "Dangerous", "1"]],
                await fixture.Database.RowsAsync("SELECT number, danger_status, (evaluated_version = change_version)::int FROM prisoner ORDER BY number"));
            Assert.Equal(
                [["1001", "Import"], ["1002", "Import"], ["1003", "Import"]],
                await fixture.Database.RowsAsync("SELECT p.number, c.cause FROM verdict_change c JOIN prisoner p ON p.id = c.prisoner_id ORDER BY p.number"));
            // And every change was still published, for the worker to find its verdict stored.
            Assert.Equal(3, harness.Published.Select<PrisonerChanged>().Count());
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    [Fact]
    public async Task A_reader_polling_throughout_an_import_never_sees_an_imported_prisoner_unknown()
    {
        await using var fixture = await WorkerFixture.StartAsync();
        await using var harnessServices = new ServiceCollection().AddMassTransitTestHarness().BuildServiceProvider(true);
        var harness = await StartedHarnessAsync(harnessServices);
        var folder = Directory.CreateTempSubdirectory("prison-import-never-unknown-").FullName;
        try
        {
            Write(folder, new DateOnly(2025, 8, 1), [.. Enumerable.Range(0, 60).Select(i => i % 3 == 0 ? Row($"{3000 + i}", srg: "Y") : Row($"{3000 + i}", status: "CS", topCharge: "155.25", custodyLevel: "MIN"))]);
            var importer = EvaluatingImporter(fixture, harness, batchSize: 3);

            var importing = importer.ImportAsync(CustodyFileSearch.Find(folder), SilentImportProgress.Instance);
            var (polls, mostUnknown, mostPrisoners) = (0, 0, 0);
            while (!importing.IsCompleted)
            {
                var seen = await fixture.Database.RowsAsync("SELECT count(*) FILTER (WHERE danger_status = 'Unknown'), count(*) FROM prisoner");
                (polls, mostUnknown, mostPrisoners) = (polls + 1, Math.Max(mostUnknown, int.Parse(seen[0][0])), Math.Max(mostPrisoners, int.Parse(seen[0][1])));
            }

            await importing;
            Assert.Equal(0, mostUnknown);
            Assert.True(polls > 10 && mostPrisoners > 0, $"{polls} reads during the import, {mostPrisoners} prisoners seen at most: the reader did not watch it happen");
            Assert.Equal([["60", "0"]], await fixture.Database.RowsAsync("SELECT count(*), count(*) FILTER (WHERE danger_status = 'Unknown') FROM prisoner"));
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    /// <summary>MassTransit's test harness, which nobody consumes: a verdict stored while changes go there is the import's own.</summary>
    private static async Task<ITestHarness> StartedHarnessAsync(IServiceProvider services)
    {
        var harness = services.GetRequiredService<ITestHarness>();
        await harness.Start();
        return harness;
    }

    /// <summary>An importer as `import` makes it, evaluating each batch in its transaction, publishing to <paramref name="harness"/>.</summary>
    private static CustodyImporter EvaluatingImporter(WorkerFixture fixture, ITestHarness harness, int batchSize) =>
        new(fixture.Open, new ChangePublisher(harness.Bus, NullLogger<ChangePublisher>.Instance, fixture.Clock), NullLogger<CustodyImporter>.Instance, fixture.Clock)
        {
            BatchSize = batchSize,
            Evaluation = new ImportedBatchEvaluation(
                fixture.Worker.Services.GetRequiredService<CurrentRules>(), fixture.Clock, NullLogger<ImportedBatchEvaluation>.Instance),
        };
}
