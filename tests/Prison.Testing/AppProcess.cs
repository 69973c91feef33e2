using System.Diagnostics;

namespace Prison.Testing;

/// <summary>web or the worker run as an operator runs them: a separate process, its exit code and everything it printed.</summary>
public static class AppProcess
{
    /// <param name="program">The app's dll beside the test assembly: <c>Prison.Web.dll</c>, or <see cref="WorkerProcess.Dll"/> (a whole path).</param>
    /// <param name="workingDirectory">The folder the process is started from.</param>
    /// <param name="environment">Variables set for this process only, over the test's own.</param>
    /// <param name="input">Written to the process's standard input, which is then closed.</param>
    public static async Task<(int ExitCode, string Output)> RunAsync(string program, string workingDirectory, IReadOnlyDictionary<string, string> environment, string? input, params string[] args)
    {
        var start = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true, RedirectStandardInput = true, WorkingDirectory = workingDirectory };
        foreach (var (name, value) in environment)
        {
            start.Environment[name] = value;
        }

        start.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, program));
        foreach (var arg in args)
        {
            start.ArgumentList.Add(arg);
        }

        using var process = Process.Start(start)!;
        if (input is not null)
        {
            await process.StandardInput.WriteLineAsync(input);
        }

        process.StandardInput.Close();
        var output = process.StandardOutput.ReadToEndAsync();
        var error = process.StandardError.ReadToEndAsync();
        using var timeout = new CancellationTokenSource(TimeSpan.FromMinutes(2));
        try
        {
            await process.WaitForExitAsync(timeout.Token);
        }
        finally
        {
            // A command or a start that hangs must not outlive its test.
            if (!process.HasExited)
            {
                process.Kill(entireProcessTree: true);
            }
        }

        return (process.ExitCode, await output + await error);
    }
}
