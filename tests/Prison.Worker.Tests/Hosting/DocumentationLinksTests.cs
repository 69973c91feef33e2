using System.Text.RegularExpressions;

namespace Prison.Worker.Tests.Hosting;

/// <summary>Every link README.md, CHANGELOG.md and the docs pages give to a file of the repository leads to one that exists, inside it.</summary>
public partial class DocumentationLinksTests
{
    [Fact]
    public void Every_relative_link_of_the_documentation_leads_to_a_file_of_the_repository()
    {
        var root = Repository.Root();
        var pages = new[] { "README.md", "CHANGELOG.md" }.Select(p => Path.Combine(root, p))
            .Concat(Directory.EnumerateFiles(Path.Combine(root, "docs"), "*.md"));

        var broken = (
            from page in pages
            from link in Link().Matches(File.ReadAllText(page)).Select(m => m.Groups[1].Value)
            where !link.Contains("://", StringComparison.Ordinal) && !link.StartsWith('#')
            let target = Path.GetFullPath(Path.Combine(Path.GetDirectoryName(page)!, link.Split('#')[0]))
            where !target.StartsWith(root, StringComparison.Ordinal) || !(File.Exists(target) || Directory.Exists(target))
            select $"{Path.GetRelativePath(root, page)}: {link}").ToList();

        Assert.Equal([], broken);
    }

    [Fact]
    public void Every_anchor_a_relative_link_gives_names_a_heading_of_the_page_it_leads_to()
    {
        var root = Repository.Root();
        var pages = new[] { "README.md", "CHANGELOG.md" }.Select(p => Path.Combine(root, p))
            .Concat(Directory.EnumerateFiles(Path.Combine(root, "docs"), "*.md"));

        var broken = (
            from page in pages
            from link in Link().Matches(File.ReadAllText(page)).Select(m => m.Groups[1].Value)
            where !link.Contains("://", StringComparison.Ordinal) && link.Contains('#', StringComparison.Ordinal)
            let parts = link.Split('#', 2)
            let target = parts[0].Length == 0 ? page : Path.GetFullPath(Path.Combine(Path.GetDirectoryName(page)!, parts[0]))
            where target.EndsWith(".md", StringComparison.Ordinal) && File.Exists(target)
            where !Anchors(target).Contains(parts[1])
            select $"{Path.GetRelativePath(root, page)}: {link}").ToList();

        Assert.Equal([], broken);
    }

    /// <summary>The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as hyphens.</summary>
    private static HashSet<string> Anchors(string page) =>
        [.. Heading().Matches(File.ReadAllText(page))
            .Select(m => NotInAnchor().Replace(m.Groups[1].Value.Trim().ToLowerInvariant(), string.Empty).Replace(' ', '-'))];

    [GeneratedRegex(@"\]\(([^)\s]+)\)")]
    private static partial Regex Link();

    [GeneratedRegex(@"^#{1,6} (.+)$", RegexOptions.Multiline)]
    private static partial Regex Heading();

    [GeneratedRegex(@"[^\p{L}\p{N} _-]")]
    private static partial Regex NotInAnchor();
}
