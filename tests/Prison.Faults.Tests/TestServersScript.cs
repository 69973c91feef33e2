using System.Diagnostics;
using System.Net;
using System.Net.Sockets;

namespace Prison.Faults.Tests;

/// <summary>scripts/test-servers.sh, which starts, stops and restarts the private servers of the tests that break them.</summary>
internal static class TestServersScript
{
    private static readonly string Script = FindScript();

    /// <returns>What the script printed on its standard output.</returns>
    public static async Task<string> RunAsync(params string[] args)
    {
        var start = new ProcessStartInfo("bash") { RedirectStandardOutput = true, RedirectStandardError = true };
        start.ArgumentList.Add(Script);
        foreach (var arg in args)
        {
            start.ArgumentList.Add(arg);
        }

        using var process = Process.Start(start)!;
        var output = process.StandardOutput.ReadToEndAsync();
        var error = process.StandardError.ReadToEndAsync();
        using var timeout = new CancellationTokenSource(TimeSpan.FromMinutes(3));
        try
        {
            await process.WaitForExitAsync(timeout.Token);
        }
        finally
        {
            if (!process.HasExited)
            {
                process.Kill(entireProcessTree: true);
            }
        }

        if (process.ExitCode != 0)
        {
            throw new InvalidOperationException($"test-servers.sh {string.Join(" ", args)} exited with {process.ExitCode}:\n{await output}{await error}");
        }

        return await output;
    }

    public static bool IsFree(int port)
    {
        try
        {
            using var listener = new TcpListener(IPAddress.Loopback, port);
            listener.Start();
            listener.Stop();
            return true;
        }
        catch (SocketException)
        {
            return false;
        }
    }

    private static string FindScript()
    {
        for (var folder = new DirectoryInfo(AppContext.BaseDirectory); folder is not null; folder = folder.Parent)
        {
            var script = Path.Combine(folder.FullName, "scripts", "test-servers.sh");
            if (File.Exists(script))
            {
                return script;
            }
        }

        throw new InvalidOperationException($"scripts/test-servers.sh is not above {AppContext.BaseDirectory}.");
    }
}
