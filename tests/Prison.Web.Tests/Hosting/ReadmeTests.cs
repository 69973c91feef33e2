using System.Text.Json;
using System.Text.RegularExpressions;
using Prison.Testing;
using Prison.Web.Demo;

namespace Prison.Web.Tests.Hosting;

/// <summary>README.md is read in two minutes: short, leading to every docs page, and true where the code can tell.</summary>
public sealed partial class ReadmeTests
{
    private const int MaxLines = 150;

    private readonly string _root = Repository.Root();

    private string Readme => File.ReadAllText(Path.Combine(_root, "README.md"));

    [Fact]
    public void The_README_is_at_most_150_lines()
    {
        var lines = File.ReadAllLines(Path.Combine(_root, "README.md")).Length;

        Assert.True(lines <= MaxLines, $"README.md has {lines} lines; move what is for one reader to that reader's page in docs/.");
    }

    [Fact]
    public void The_README_links_every_page_of_docs()
    {
        var linked = Link().Matches(Readme).Select(m => m.Groups[1].Value).ToHashSet(StringComparer.Ordinal);
        var pages = Directory.EnumerateFiles(Path.Combine(_root, "docs"), "*.md").Select(page => $"docs/{Path.GetFileName(page)}");

        Assert.Equal([], pages.Where(page => !linked.Contains(page)));
    }

    [Fact]
    public void The_README_names_the_SDK_version_global_json_asks_for()
    {
        using var globalJson = JsonDocument.Parse(File.ReadAllText(Path.Combine(_root, "global.json")));
        var version = globalJson.RootElement.GetProperty("sdk").GetProperty("version").GetString()!;

        Assert.Contains($"{version} or later", Readme, StringComparison.Ordinal);
    }

    [Fact]
    public void The_README_names_each_demo_user_with_its_role()
    {
        var rows = DemoUsers.All.Select(user => $"| `{user.Name}` | {user.Role} |");

        Assert.All(rows, row => Assert.Contains(row, Readme, StringComparison.Ordinal));
    }

    /// <summary>Links to files, the part before any #.</summary>
    [GeneratedRegex(@"\]\(([^)#\s]+)(?:#[^)\s]*)?\)")]
    private static partial Regex Link();
}
