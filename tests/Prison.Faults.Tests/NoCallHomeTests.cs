using System.Globalization;
using System.Net;
using Npgsql;
using Prison.Db.Identity;

namespace Prison.Faults.Tests;

/// <summary>
/// A prison's system never calls home. web, a worker and the command line run on the test servers with every other
/// address unreachable (HTTP clients are sent to a proxy that forwards nothing), while staff sign in and record a
/// notice the worker evaluates, and on past the moment MassTransit 8.5 would send its usage report to its makers
/// (usage-tracking.masstransit.io). The startup hook brings that moment forward from five minutes after the bus starts
/// (UsageTelemetryOptions.ReportDelay's default) to the earliest MassTransit allows, by setting the option on each
/// process's own container. It also records every DNS lookup, socket connect and HTTP request each process starts,
/// whichever library starts it. With MassTransit's usage tracker left in place, web and the worker each sent
/// <c>CONNECT usage-tracking.masstransit.io:443</c> to the proxy, and this failed.
/// </summary>
public sealed class NoCallHomeTests
{
    /// <summary>
    /// MassTransit sends its usage report once, this long after the bus started: the shortest ReportDelay it takes, set
    /// in each process by the startup hook (PRISON_USAGE_REPORT_DELAY).
    /// </summary>
    private static readonly TimeSpan UsageReportDelay = TimeSpan.FromSeconds(30);

    /// <summary>Past the report's moment: time for its request to start and be recorded.</summary>
    private static readonly TimeSpan Margin = TimeSpan.FromSeconds(20);

    [Fact]
    public async Task Web_the_worker_and_the_command_line_try_to_reach_no_host_but_the_database_and_the_broker()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        await Population.AddAsync(database, 10);
        await using var proxy = RecordingProxy.Start();
        var records = Directory.CreateTempSubdirectory("prison-outbound-");
        var configuration = ServerArguments.For(database, ServerArguments.NewQueuePrefix());
        var name = $"staff-{Guid.NewGuid():N}"[..14];
        var added = await WorkerProcess.RunInAsync(
            AppContext.BaseDirectory, Outbound(proxy, records, "users-add"), SigningIn.Password, ["users", "add", name, "--role", Roles.Staff, "--all-prisons", "--password-stdin", .. configuration[1..]]);
        Assert.True(added.ExitCode == 0, added.Output);

        await using var web = await ServiceProcess.StartAsync("Prison.Web.dll", [.. configuration, RunningWeb.InsecureCookies, RunningWeb.PasswordAlone], Outbound(proxy, records, "web"));
        await using var worker = await ServiceProcess.StartAsync(WorkerProcess.Dll, ["run", .. configuration], Outbound(proxy, records, "worker"));
        var bothBusesStarted = DateTime.UtcNow;

        using var client = new HttpClient(new HttpClientHandler { CookieContainer = new CookieContainer(), AllowAutoRedirect = false }) { BaseAddress = web.Address };
        using (var signedIn = await client.SignInAsync(name, SigningIn.Password))
        {
            Assert.Equal(HttpStatusCode.Redirect, signedIn.StatusCode);
        }

        // users add gives a password to be changed at the first sign-in.
        using (var changed = await client.ChangePasswordAsync(SigningIn.Password, "Quartz-Harbour-71!"))
        {
            Assert.Equal(HttpStatusCode.Redirect, changed.StatusCode);
        }

        var (_, token) = await NoticePosting.OpenAsync(client, "M1");
        var yesterday = DateOnly.FromDateTime(DateTime.UtcNow).AddDays(-1).ToString("yyyy-MM-dd", CultureInfo.InvariantCulture);
        using (var posted = await NoticePosting.PostAsync(client, "M1", token, "Weapon", yesterday, "a blade taped under the bunk"))
        {
            Assert.Equal(HttpStatusCode.Redirect, posted.StatusCode);
        }

        await Eventually.Async(
            () => database.ScalarAsync<string>("SELECT danger_status FROM prisoner WHERE number = 'M1'"), status => status == "Dangerous", "the worker's verdict on M1", TimeSpan.FromSeconds(60));
        var left = bothBusesStarted + UsageReportDelay + Margin - DateTime.UtcNow;
        if (left > TimeSpan.Zero)
        {
            await Task.Delay(left);
        }

        var target = new NpgsqlConnectionStringBuilder(database.ConnectionString);
        var allowed = new[] { (target.Host!, target.Port), (TestServers.RabbitMq.Host, TestServers.RabbitMq.Port) };
        var attempts = records.EnumerateFiles().OrderBy(f => f.Name, StringComparer.Ordinal)
            .SelectMany(file => File.ReadLines(file.FullName).Select(line => OutboundAttempt.Parse(file.Name, line)))
            .ToList();
        var strays = attempts.Where(attempt => !attempt.Reaches(allowed)).Select(attempt => attempt.ToString()).Distinct().ToList();
        var everything = string.Join("\n", attempts.Select(a => a.ToString()).Distinct());

        Assert.True(proxy.Requests.Count == 0, $"Requests sent to the proxy:\n{string.Join("\n", proxy.Requests)}\n\nweb:\n{web.Output}\n\nworker:\n{worker.Output}");
        Assert.True(strays.Count == 0, $"Attempts to reach another host than the database and the broker:\n{string.Join("\n", strays)}");
        // The recorder heard each process: their own connections to the database and the broker are there.
        Assert.True(Connected("web", allowed[0]) && Connected("web", allowed[1]), everything);
        Assert.True(Connected("worker", allowed[0]) && Connected("worker", allowed[1]), everything);
        Assert.True(Connected("users-add", allowed[0]), everything);
        records.Delete(recursive: true);

        bool Connected(string process, (string Host, int Port) server) =>
            attempts.Any(a => a.Process == process && a.Kind == "socket connect" && a.Reaches([server]));
    }

    /// <summary>
    /// The environment of each process: every proxy variable points at the proxy and none is bypassed, the startup hook
    /// records into a file of its own and sets the usage report's delay, and MassTransit's environment variable asks for
    /// the usage report, as a deployment might: the code's choice must hold over it.
    /// </summary>
    private static Dictionary<string, string> Outbound(RecordingProxy proxy, DirectoryInfo records, string process)
    {
        var environment = new Dictionary<string, string>
        {
            ["DOTNET_STARTUP_HOOKS"] = Path.Combine(AppContext.BaseDirectory, "Prison.OutboundRecorder.dll"),
            ["PRISON_OUTBOUND_RECORD"] = Path.Combine(records.FullName, process),
            ["PRISON_USAGE_REPORT_DELAY"] = ((int)UsageReportDelay.TotalSeconds).ToString(CultureInfo.InvariantCulture),
            ["MASSTRANSIT_USAGE_TELEMETRY"] = "true",
        };
        foreach (var variable in new[] { "http_proxy", "https_proxy", "all_proxy" })
        {
            environment[variable] = proxy.Address;
            environment[variable.ToUpperInvariant()] = proxy.Address;
        }

        environment["no_proxy"] = string.Empty;
        environment["NO_PROXY"] = string.Empty;
        return environment;
    }
}
