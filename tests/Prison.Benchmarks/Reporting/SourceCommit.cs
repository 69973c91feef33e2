using System.Diagnostics;

namespace Prison.Benchmarks.Reporting;

/// <summary>The commit the benchmark was built from, as git names it, marked when the work tree held changes not committed (but for docs/benchmarks.md).</summary>
public static class SourceCommit
{
    public static async Task<string> DescribeAsync(CancellationToken cancellationToken)
    {
        var head = await GitAsync("rev-parse --short HEAD", cancellationToken);
        if (head is null)
        {
            return "unknown (not a git work tree)";
        }

        // The page the benchmarks write is no change of what they measure: a session of several runs leaves it changed.
        var changes = (await GitAsync("status --porcelain --untracked-files=no", cancellationToken) ?? string.Empty)
            .Split('\n', StringSplitOptions.RemoveEmptyEntries)
            .Where(line => !line.TrimEnd().EndsWith("docs/benchmarks.md", StringComparison.Ordinal));
        return changes.Any() ? $"{head} with changes not committed" : head;
    }

    private static async Task<string?> GitAsync(string arguments, CancellationToken cancellationToken)
    {
        try
        {
            using var git = Process.Start(new ProcessStartInfo("git", arguments)
            {
                RedirectStandardOutput = true,
                RedirectStandardError = true,
                WorkingDirectory = Path.GetDirectoryName(BenchmarkReport.DefaultPath()),
            })!;
            var output = await git.StandardOutput.ReadToEndAsync(cancellationToken);
            await git.WaitForExitAsync(cancellationToken);
            return git.ExitCode == 0 ? output.Trim() : null;
        }
        catch (System.ComponentModel.Win32Exception)
        {
            return null;
        }
    }
}
