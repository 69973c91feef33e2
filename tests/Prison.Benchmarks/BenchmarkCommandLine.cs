using System.CommandLine;

namespace Prison.Benchmarks;

/// <summary>
/// dotnet run -c Release --project tests/Prison.Benchmarks -- commit-to-verdict --mode embedded|production [--changes 200]
/// dotnet run -c Release --project tests/Prison.Benchmarks -- dashboard [--requests 2000]
/// </summary>
public static class BenchmarkCommandLine
{
    public static async Task<int> InvokeAsync(string[] args)
    {
        var mode = new Option<string>("--mode") { Description = "embedded (SQLite, in-memory bus) or production (PostgreSQL, RabbitMQ)", DefaultValueFactory = _ => "production" };
        mode.AcceptOnlyFromAmong("embedded", "production");
        var changes = new Option<int>("--changes") { Description = "how many changes to time", DefaultValueFactory = _ => 200 };
        var commitToVerdict = new Command("commit-to-verdict", "Time from a change's commit to its verdict being stored.") { mode, changes };
        commitToVerdict.SetAction((parse, cancellationToken) => CommitToVerdict.RunAsync(parse.GetValue(mode)!, parse.GetValue(changes), cancellationToken));

        var requests = new Option<int>("--requests") { Description = "how many dashboard pages to time", DefaultValueFactory = _ => 2000 };
        var dashboard = new Command("dashboard", "Dashboard page time over HTTP, and statements per read.") { requests };
        dashboard.SetAction((parse, cancellationToken) => DashboardPage.RunAsync(parse.GetValue(requests), cancellationToken));

        return await new RootCommand("Measurements of the prison dashboard on this machine.") { commitToVerdict, dashboard }.Parse(args).InvokeAsync();
    }
}
