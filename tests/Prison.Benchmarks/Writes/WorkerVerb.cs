using System.Diagnostics;
using Prison.Benchmarks.Data;
using Prison.Testing;

namespace Prison.Benchmarks.Writes;

/// <summary>A command of the worker's command line (`Prison.Worker VERB ...`), run as an operator runs it, against a benchmark database.</summary>
public static class WorkerVerb
{
    /// <summary>Runs <paramref name="words"/> to its end: its exit code and everything it printed.</summary>
    public static async Task<(int ExitCode, string Output)> RunAsync(BenchDatabase database, string prefix, IEnumerable<string> words, CancellationToken cancellationToken)
    {
        var start = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true, WorkingDirectory = AppContext.BaseDirectory };
        start.ArgumentList.Add(WorkerProcess.Dll);
        foreach (var word in words)
        {
            start.ArgumentList.Add(word);
        }

        foreach (var arg in BenchServerArguments.For(database, prefix).Where(a => !a.StartsWith("--urls=", StringComparison.Ordinal)))
        {
            start.ArgumentList.Add(arg);
        }

        using var process = Process.Start(start)!;
        var printed = process.StandardOutput.ReadToEndAsync(cancellationToken);
        var errors = process.StandardError.ReadToEndAsync(cancellationToken);
        await process.WaitForExitAsync(cancellationToken);
        return (process.ExitCode, await printed + await errors);
    }
}
