using System.Text.RegularExpressions;
using Prison.ServiceDefaults;

namespace Prison.Worker.Tests.Hosting;

public class ProductVersionTests
{
    [Fact]
    public void The_changelogs_newest_version_is_the_one_this_build_declares()
    {
        var changelog = File.ReadAllText(Path.Combine(Repository.Root(), "CHANGELOG.md"));

        // Unreleased gathers what is merged until the next version is declared.
        var newest = Regex.Match(changelog, @"^## (?!Unreleased$)(\S+)", RegexOptions.Multiline);

        Assert.True(newest.Success, "CHANGELOG.md has no version heading");
        Assert.Equal(ProductVersion.Number, newest.Groups[1].Value);
        Assert.Matches(@"^\d+\.\d+\.\d+$", ProductVersion.Number);
    }

    [Fact]
    public async Task The_worker_prints_its_version_when_asked()
    {
        var run = await WorkerProcess.RunAsync(["--version"]);

        Assert.Equal(0, run.ExitCode);
        Assert.StartsWith(ProductVersion.Number, run.Output.Trim(), StringComparison.Ordinal);
    }
}
