using System.Reflection;

namespace Prison.Testing;

/// <summary>
/// The worker's command line as an operator runs it: a separate process, its exit code and everything it printed.
/// Runs Prison.Worker.dll where the worker's own build put it (every project referencing Prison.Testing builds it).
/// </summary>
public static class WorkerProcess
{
    /// <summary>
    /// The worker's executable: <c>dotnet</c> runs it with its own dependencies and settings. As its build wrote it,
    /// or, when <see cref="PublishedVariable"/> names one, the same code published ReadyToRun (test.sh publishes it:
    /// a command's start then compiles far less, and the suite runs hundreds).
    /// </summary>
    public static string Dll { get; } = Environment.GetEnvironmentVariable(PublishedVariable) is { Length: > 0 } published
        ? (File.Exists(published) ? published : throw new InvalidOperationException($"{PublishedVariable} names {published}, which does not exist: publish the worker there, or unset it to run the worker's build."))
        : typeof(WorkerProcess).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(attribute => attribute.Key == "PrisonWorkerDll").Value!;

    /// <summary>The environment variable naming a published Prison.Worker.dll to run instead of the worker's build.</summary>
    public const string PublishedVariable = "PRISON_TEST_WORKER";

    public static Task<(int ExitCode, string Output)> RunAsync(params string[] args) => RunWithInputAsync(null, args);

    /// <param name="input">Written to the command's standard input, which is then closed (e.g. a password for --password-stdin).</param>
    public static Task<(int ExitCode, string Output)> RunWithInputAsync(string? input, params string[] args) =>
        RunInAsync(AppContext.BaseDirectory, new Dictionary<string, string>(), input, args);

    /// <param name="workingDirectory">The folder the command is started from.</param>
    /// <param name="environment">Variables set for this command only, over the test's own.</param>
    public static Task<(int ExitCode, string Output)> RunInAsync(string workingDirectory, IReadOnlyDictionary<string, string> environment, string? input, params string[] args) =>
        AppProcess.RunAsync(Dll, workingDirectory, environment, input, args);
}
