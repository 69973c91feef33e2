using Prison.Runtime.Jobs;

namespace Prison.Worker.Tests.CommandLine;

public class WorkerCommandLineTests
{
    [Fact]
    public async Task Help_lists_every_verb()
    {
        var run = await WorkerAsync("--help");

        Assert.Equal(0, run.ExitCode);
        Assert.Contains("run", run.Output);
        Assert.Contains("migrate", run.Output);
        Assert.Contains("reevaluate", run.Output);
        Assert.Contains("verify", run.Output);
        Assert.Contains("jobs", run.Output);
        Assert.Contains("import", run.Output);
    }

    [Fact]
    public async Task An_unknown_verb_prints_usage_and_fails_without_a_stack_trace()
    {
        var run = await WorkerAsync("frobnicate");

        Assert.Equal(2, run.ExitCode);
        Assert.Contains("'frobnicate' is not a command.", run.Output);
        Assert.Contains("Usage:", run.Output);
        Assert.DoesNotContain("   at ", run.Output);
    }

    [Fact]
    public async Task A_bad_setting_stops_the_start_with_a_clear_message()
    {
        var run = await WorkerAsync("run", "--Jobs:BatchSize=lots");

        Assert.Equal(1, run.ExitCode);
        Assert.Contains("Jobs:BatchSize is 'lots'; it must be a whole number from 1 to 5000.", run.Output);
        Assert.DoesNotContain("   at ", run.Output);
    }

    [Fact]
    public async Task A_take_over_time_too_short_for_a_live_worker_to_keep_its_job_stops_the_start()
    {
        var run = await WorkerAsync("run", "--Jobs:TakeOverAfter=00:00:02");

        Assert.Equal(1, run.ExitCode);
        Assert.Contains("Jobs:TakeOverAfter is '00:00:02'; it must be a time span of at least 00:00:10, such as 00:01:00.", run.Output);
        Assert.DoesNotContain("   at ", run.Output);
    }

    [Fact]
    public async Task A_nightly_cron_Hangfire_cannot_read_stops_the_start_with_a_clear_message()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);

        var run = await WorkerAsync(["run", .. ServerArguments.For(database, ServerArguments.NewQueuePrefix(), "--Jobs:NightlyCron=at two")]);

        Assert.Equal(1, run.ExitCode);
        Assert.Contains("Jobs:NightlyCron is 'at two', which is not a cron expression:", run.Output);
        Assert.Contains("The default is '0 2 * * *', 02:00 every day in Prison:TimeZone.", run.Output);
        Assert.DoesNotContain("   at ", run.Output);
        Assert.Equal(0L, await database.ScalarAsync<long>($"SELECT count(*) FROM {PrisonJobStorage.Schema}.set WHERE key = 'recurring-jobs'"));
    }

    [Fact]
    public async Task An_unreachable_broker_stops_the_start_with_a_clear_message()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);

        var run = await WorkerAsync("run", $"--ConnectionStrings:Prison={database.ConnectionString}", "--RabbitMq:Host=127.0.0.1", "--RabbitMq:Port=1");

        Assert.Equal(1, run.ExitCode);
        Assert.Contains("Cannot reach RabbitMQ at amqp://guest@127.0.0.1:1/", run.Output);
        Assert.DoesNotContain("   at ", run.Output);
    }

    private static Task<(int ExitCode, string Output)> WorkerAsync(params string[] args) => WorkerProcess.RunAsync(args);
}
