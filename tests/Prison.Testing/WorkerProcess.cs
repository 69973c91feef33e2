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
    public static Task<(int ExitCode, string Output)> RunInAsync(string workingDirectory, IReadOnlyDictionary<string, string> environment, string? input, params string[] args) =>
        AppProcess.RunAsync("Prison.Worker.dll", workingDirectory, environment, input, args);
}
