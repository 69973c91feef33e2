using System.Diagnostics;
using System.Net;
using System.Text;
using System.Text.RegularExpressions;
using Microsoft.Data.Sqlite;

namespace Prison.Web.Tests.Hosting;

/// <summary>
/// The embedded mode keeps its database in one folder per user, whatever folder web or a worker command is started
/// from: what the command line writes is what web shows, and both say where it is.
/// </summary>
public sealed partial class DataFolderTests : IDisposable
{
    private const string Password = "Data-Folder-Passw0rd!";

    /// <summary>Stands in for the user's ~/.local/share, which .NET reads from XDG_DATA_HOME on Linux.</summary>
    private readonly string _home = Path.Combine(Path.GetTempPath(), $"prison-home-{Guid.NewGuid():N}");

    [Fact]
    public async Task A_user_added_by_the_worker_from_one_folder_signs_in_to_web_started_from_another()
    {
        var environment = new Dictionary<string, string> { ["XDG_DATA_HOME"] = _home };
        var expected = Path.Combine(_home, "prison-dashboard");
        var workerFolder = Directory.CreateDirectory(Path.Combine(_home, "worker-started-here")).FullName;
        var webFolder = Directory.CreateDirectory(Path.Combine(_home, "web-started-here")).FullName;
        // Data already there (a prison), so that web's start replays no demo: where the folder is, not the demo, is tested.
        await EmbeddedDataFolder.HoldingAPrisonAsync(expected);

        var added = await WorkerProcess.RunInAsync(workerFolder, environment, Password, "users", "add", "carol", "--role", "Staff", "--all-prisons", "--password-stdin");
        Assert.True(added.ExitCode == 0, added.Output);

        using var web = StartWeb(webFolder, environment);
        string webFolderLine;
        HttpStatusCode signedIn;
        try
        {
            (var address, webFolderLine) = await AnnouncedAsync(web);
            using var client = new HttpClient(new HttpClientHandler { AllowAutoRedirect = false, UseCookies = true, CookieContainer = new CookieContainer() }) { BaseAddress = new Uri(address) };
            using var answer = await client.SignInAsync("carol", Password);
            signedIn = answer.StatusCode;
        }
        finally
        {
            web.Kill(entireProcessTree: true);
            await web.WaitForExitAsync();
        }

        Assert.Contains($"Data folder: {expected} ", added.Output, StringComparison.Ordinal);
        Assert.StartsWith($"Data folder: {expected} ", webFolderLine, StringComparison.Ordinal);
        Assert.True(File.Exists(Path.Combine(expected, "prison.db")));
        Assert.False(Directory.Exists(Path.Combine(workerFolder, "data")));
        Assert.False(Directory.Exists(Path.Combine(webFolder, "data")));
        Assert.Equal(HttpStatusCode.Redirect, signedIn);
    }

    public void Dispose()
    {
        SqliteConnection.ClearAllPools();
        if (Directory.Exists(_home))
        {
            Directory.Delete(_home, recursive: true);
        }
    }

    /// <summary>Web as a newcomer starts it: the built dll, nothing configured but the port and the demo password.</summary>
    private static Process StartWeb(string workingDirectory, Dictionary<string, string> environment)
    {
        var start = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true, WorkingDirectory = workingDirectory };
        foreach (var (name, value) in environment)
        {
            start.Environment[name] = value;
        }

        start.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, "Prison.Web.dll"));
        start.ArgumentList.Add("--urls=http://127.0.0.1:0");
        start.ArgumentList.Add($"--Demo:Password={Password}");
        return Process.Start(start)!;
    }

    /// <summary>The address and the data folder web prints once it listens.</summary>
    private static async Task<(string Address, string DataFolder)> AnnouncedAsync(Process web)
    {
        var printed = new StringBuilder();
        string? address = null;
        string? folder = null;
        // A first start replays the demo's months before it listens: on a busy 2-core machine, a minute or more.
        using var patience = new CancellationTokenSource(TimeSpan.FromMinutes(4));
        while ((address is null || folder is null) && await web.StandardOutput.ReadLineAsync(patience.Token) is { } line)
        {
            printed.AppendLine(line);
            address ??= ListeningAt().Match(line) is { Success: true } match ? match.Groups[1].Value : null;
            folder ??= line.StartsWith("Data folder: ", StringComparison.Ordinal) ? line : null;
        }

        return address is not null && folder is not null
            ? (address, folder)
            : throw new InvalidOperationException($"Web printed no address and data folder:\n{printed}{await web.StandardError.ReadToEndAsync()}");
    }

    [GeneratedRegex(@"\bat (http://\S+)$")]
    private static partial Regex ListeningAt();
}
