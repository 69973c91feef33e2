using System.Diagnostics;

namespace Prison.Benchmarks.Reporting;

/// <summary>The commit the benchmark was built from, as git names it, marked when the work tree held changes not committed.</summary>
public static class SourceCommit
{
    public static async Task<string> DescribeAsync(CancellationToken cancellationToken)
    {
        var head = await GitAsync("rev-parse --short HEAD", cancellationToken);
        if (head is null)
        {
            return "unknown (not a git work tree)";
        }

        var changes = await GitAsync("status --porcelain --untracked-files=no", cancellationToken);
        return string.IsNullOrWhiteSpace(changes) ? head : $"{head} with changes not committed";
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
