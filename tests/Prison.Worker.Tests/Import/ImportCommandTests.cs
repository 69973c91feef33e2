using Prison.Worker.Tests.CommandLine;
using static Prison.Worker.Tests.Import.CustodyCsv;

namespace Prison.Worker.Tests.Import;

public class ImportCommandTests
{
    [Fact]
    public async Task Import_without_a_path_says_what_it_needs_and_exits_with_2_without_a_stack_trace()
    {
        var run = await WorkerProcess.RunAsync("import");

        Assert.Equal(2, run.ExitCode);
        Assert.Contains("import needs a PATH: a DOC_Inmates_InCustody_Daily_YYYYMMDD.csv file, or a folder of them.", run.Output);
        Assert.DoesNotContain("   at ", run.Output);
    }

    [Fact]
    public async Task Import_of_a_path_that_does_not_exist_exits_with_2()
    {
        var run = await WorkerProcess.RunAsync("import", "/no/such/custody/folder");

        Assert.Equal(2, run.ExitCode);
        Assert.Contains("/no/such/custody/folder: no such file or folder.", run.Output);
    }

    [Fact]
    public async Task Import_of_a_folder_prints_a_line_per_file_and_a_summary_when_the_output_is_not_a_terminal()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        var folder = Directory.CreateTempSubdirectory("prison-import-cli-").FullName;
        try
        {
            var day1 = Write(folder, new DateOnly(2025, 8, 1), Row("1001"), Row("1002", age: "old"));
            var day2 = Write(folder, new DateOnly(2025, 8, 2), Row("1002"));

            // Configuration before the path, as an operator may write it. Day 2 releases the only one in custody.
            var run = await WorkerProcess.RunAsync(["import", .. ServerArguments.For(database, ServerArguments.NewQueuePrefix()), folder, "--allow-mass-release"]);

            Assert.Equal(0, run.ExitCode);
            Assert.Contains($"{day1.Name}: 2 rows, 1 arrivals, 0 releases, 0 changes, 1 rejected rows in", run.Output);
            Assert.Contains($"{day2.Name}: 1 rows, 1 arrivals, 1 releases, 0 changes, 0 rejected rows in", run.Output);
            Assert.Contains("Custody import", run.Output);
            Assert.Contains($"{day1.Name}:3: age 'old' is not an age", run.Output);
            Assert.Equal(2, await database.ScalarAsync<int>("SELECT count(*) FROM prisoner"));
            // Each changed prisoner has its audit entry by "import", saying what changed without the values.
            Assert.Equal(
                [["1001", "PrisonerAdded", "import", "NULL"], ["1001", "PrisonerChanged", "import", "NULL"], ["1002", "PrisonerAdded", "import", "NULL"]],
                await database.RowsAsync("SELECT prisoner_number, action, user_name, coalesce(after_values, before_values) FROM audit_entry ORDER BY prisoner_number, action"));
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    [Fact]
    public async Task Import_of_a_file_missing_a_column_is_refused_with_exit_code_1_naming_the_column()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        var folder = Directory.CreateTempSubdirectory("prison-import-cli-").FullName;
        try
        {
            var file = WriteRaw(folder, new DateOnly(2025, 8, 1), Header.Replace(",bradh", ""), "155.25,1001,N,30,M,B,MED,2025-07-30T21:15:00.000,N,DE,N");

            var run = await WorkerProcess.RunAsync(["import", file.Path, .. ServerArguments.For(database, ServerArguments.NewQueuePrefix())]);

            Assert.Equal(1, run.ExitCode);
            Assert.Contains($"{file.Name} is refused: its header has no column 'bradh'", run.Output);
            Assert.DoesNotContain("   at ", run.Output);
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    [Fact]
    public async Task A_file_with_only_its_header_is_refused_with_exit_code_1_nothing_of_it_or_later_is_imported_until_the_operator_allows_it()
    {
        await using var fixture = await ImportFixture.StartAsync();
        var configuration = ServerArguments.For(fixture.Database, ServerArguments.NewQueuePrefix());
        fixture.Write(new DateOnly(2025, 8, 1), [.. Enumerable.Range(1001, 40).Select(id => Row($"{id}"))]);
        Assert.Equal(0, (await WorkerProcess.RunAsync(["import", fixture.Folder, .. configuration])).ExitCode);
        var before = await fixture.SnapshotAsync();
        var headerOnly = fixture.Write(new DateOnly(2025, 8, 2));
        fixture.Write(new DateOnly(2025, 8, 3), [.. Enumerable.Range(1001, 40).Select(id => Row($"{id}"))]);

        var refused = await WorkerProcess.RunAsync(["import", fixture.Folder, .. configuration]);

        Assert.Equal(1, refused.ExitCode);
        Assert.Contains($"{headerOnly.Name}: refused, nothing of it imported", refused.Output);
        Assert.Contains($"{headerOnly.Name} is refused: it would release 40 of the 40 people in custody (100 %), more than the 10 % Import:MaxReleaseShare allows.", refused.Output);
        Assert.Contains("import it again with --allow-mass-release", refused.Output);
        Assert.DoesNotContain("DOC_Inmates_InCustody_Daily_20250803.csv:", refused.Output);
        Assert.Equal(before, await fixture.SnapshotAsync());

        var allowed = await WorkerProcess.RunAsync(["import", fixture.Folder, "--allow-mass-release", .. configuration]);

        Assert.Equal(0, allowed.ExitCode);
        Assert.Contains($"{headerOnly.Name}: 0 rows, 0 arrivals, 40 releases", allowed.Output);
    }

    [Theory]
    [InlineData("yesterday")]
    [InlineData("2025-13-01")]
    [InlineData(null)]
    public async Task Import_revert_without_a_day_as_yyyy_mm_dd_prints_usage_and_exits_with_2(string? day)
    {
        var run = await WorkerProcess.RunAsync(["import", "revert", .. day is null ? Array.Empty<string>() : [day]]);

        Assert.Equal(2, run.ExitCode);
        Assert.Contains(day is null ? "import revert needs the DAY to undo from, as yyyy-MM-dd." : $"'{day}' is not a day: write it as yyyy-MM-dd, such as 2025-08-05.", run.Output);
        Assert.Contains("Usage:", run.Output);
        Assert.DoesNotContain("   at ", run.Output);
    }

    [Fact]
    public async Task Import_revert_undoes_the_day_and_the_days_after_it_and_prints_what_it_undid_for_each()
    {
        await using var fixture = await ImportFixture.StartAsync();
        var configuration = ServerArguments.For(fixture.Database, ServerArguments.NewQueuePrefix());
        fixture.Write(new DateOnly(2025, 8, 1), [.. Enumerable.Range(1001, 20).Select(id => Row($"{id}"))]);
        fixture.Write(new DateOnly(2025, 8, 2), [.. Enumerable.Range(1001, 19).Select(id => Row($"{id}")), Row("1021")]);
        fixture.Write(new DateOnly(2025, 8, 3), [.. Enumerable.Range(1001, 19).Select(id => Row($"{id}")), Row("1021", infraction: "Y")]);
        Assert.Equal(0, (await WorkerProcess.RunAsync(["import", fixture.Folder, .. configuration])).ExitCode);

        var notImported = await WorkerProcess.RunAsync(["import", "revert", "2025-08-04", .. configuration]);
        var run = await WorkerProcess.RunAsync(["import", .. configuration, "revert", "2025-08-02"]);

        Assert.Equal(1, notImported.ExitCode);
        Assert.Contains("2025-08-04 was not imported: the days imported are 3 from 2025-08-01 to 2025-08-03; name one of them.", notImported.Output);
        Assert.True(run.ExitCode == 0, run.Output);
        Assert.Matches(@"2025-08-02\s*│\s*DOC_Inmates_InCustody_Daily_20250802\.csv\s*│\s*2\s*│\s*2\s*│\s*1\s*│\s*0", run.Output);
        Assert.Matches(@"2025-08-03\s*│\s*DOC_Inmates_InCustody_Daily_20250803\.csv\s*│\s*1\s*│\s*1\s*│\s*0\s*│\s*0", run.Output);
        Assert.Contains("Reverted 2 day(s) from 2025-08-02: they are no longer imported.", run.Output);
        Assert.Equal(1, await fixture.Database.ScalarAsync<int>("SELECT count(*) FROM imported_day"));
        Assert.Equal(20, await fixture.Database.ScalarAsync<int>("SELECT count(*) FROM imprisonment WHERE left_on IS NULL AND struck_at IS NULL"));
        Assert.Equal(
            [["1021", "import of 2025-08-02 reverted"], ["1021", "import of 2025-08-02 reverted"], ["1021", "import of 2025-08-03 reverted"]],
            await fixture.Database.RowsAsync(
                """
                SELECT p.number, e.struck_reason FROM (
                    SELECT prisoner_id, struck_reason FROM imprisonment UNION ALL SELECT prisoner_id, struck_reason FROM charge
                    UNION ALL SELECT prisoner_id, struck_reason FROM disciplinary_notice) e
                JOIN prisoner p ON p.id = e.prisoner_id WHERE e.struck_reason IS NOT NULL ORDER BY 1, 2
                """));
    }
}
