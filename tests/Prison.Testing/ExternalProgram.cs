using System.Diagnostics;

namespace Prison.Testing;

/// <summary>A program a test runs as a person would at a shell (node with a checker, a linter), waited for and read.</summary>
public static class ExternalProgram
{
    public static async Task<(int ExitCode, string Output, string Error)> RunAsync(string program, params string[] args)
    {
        var start = new ProcessStartInfo(program) { RedirectStandardOutput = true, RedirectStandardError = true };
        args.ToList().ForEach(start.ArgumentList.Add);
        using var process = Process.Start(start)!;
        var output = process.StandardOutput.ReadToEndAsync();
        var error = process.StandardError.ReadToEndAsync();
        try
        {
            await process.WaitForExitAsync().WaitAsync(TimeSpan.FromMinutes(5));
        }
        finally
        {
            if (!process.HasExited)
            {
                process.Kill(entireProcessTree: true);
            }
        }

        return (process.ExitCode, await output, await error);
    }

    /// <summary>What the program printed, once it exited 0; otherwise an exception with everything it printed.</summary>
    public static async Task<string> OutputOfAsync(string program, params string[] args)
    {
        var (exitCode, output, error) = await RunAsync(program, args);
        return exitCode == 0
            ? output
            : throw new InvalidOperationException($"{program} {string.Join(' ', args)} exited with {exitCode}:\n{output}{error}");
    }

    /// <summary>scripts/test-servers.sh's install of an npm tool (asyncapi-parser, spectral): the node_modules folder it is in.</summary>
    public static async Task<string> NodeModulesAsync(string tool) =>
        (await OutputOfAsync("bash", Path.Combine(Repository.Root(), "scripts", "test-servers.sh"), tool)).Trim();
}
