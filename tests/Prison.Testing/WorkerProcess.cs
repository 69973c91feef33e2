using System.Diagnostics;

namespace Prison.Testing;

/// <summary>
/// The worker's command line as an operator runs it: a separate process, its exit code and everything it printed.
/// Runs the Prison.Worker.dll beside the test assembly (every project referencing worker has it).
/// </summary>
public static class WorkerProcess
{
    public static Task<(int ExitCode, string Output)> RunAsync(params string[] args) => RunWithInputAsync(null, args);

    /// <param name="input">Written to the command's standard input, which is then closed (e.g. a password for --password-stdin).</param>
    public static Task<(int ExitCode, string Output)> RunWithInputAsync(string? input, params string[] args) =>
        RunInAsync(AppContext.BaseDirectory, new Dictionary<string, string>(), input, args);

    /// <param name="workingDirectory">The folder the command is started from.</param>
    /// <param name="environment">Variables set for this command only, over the test's own.</param>
    public static async Task<(int ExitCode, string Output)> RunInAsync(string workingDirectory, IReadOnlyDictionary<string, string> environment, string? input, params string[] args)
    {
        var start = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true, RedirectStandardInput = true, WorkingDirectory = workingDirectory };
        foreach (var (name, value) in environment)
        {
            start.Environment[name] = value;
        }

        start.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, "Prison.Worker.dll"));
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
            // A command that hangs must not outlive its test.
            if (!process.HasExited)
            {
                process.Kill(entireProcessTree: true);
            }
        }

        return (process.ExitCode, await output + await error);
    }
}
