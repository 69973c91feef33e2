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

            // Configuration before the path, as an operator may write it.
            var run = await WorkerProcess.RunAsync(["import", .. ServerArguments.For(database, ServerArguments.NewQueuePrefix()), folder]);

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
}
