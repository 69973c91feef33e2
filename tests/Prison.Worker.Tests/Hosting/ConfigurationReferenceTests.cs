using System.Text.RegularExpressions;
using Prison.ServiceDefaults;

namespace Prison.Worker.Tests.Hosting;

/// <summary>
/// The configuration keys, declared once (<see cref="PrisonSettings.Keys"/>), agree with docs/configuration.md and with
/// the keys the production code reads, both ways.
/// </summary>
public partial class ConfigurationReferenceTests
{
    private static readonly string[] ProductionFolders = ["domain", "db", "web", "worker"];

    [Fact]
    public void The_configuration_reference_documents_exactly_the_declared_keys_once_each()
    {
        var documented = DocumentedKey().Matches(File.ReadAllText(Path.Combine(Repository.Root(), "docs", "configuration.md"))).Select(m => m.Groups[1].Value).ToList();

        Assert.Equal(documented.Distinct().Count(), documented.Count);
        Assert.Equal(PrisonSettings.Keys.Order(StringComparer.Ordinal), documented.Order(StringComparer.Ordinal));
    }

    [Fact]
    public void Every_key_the_code_names_is_declared_and_every_declared_key_is_read_somewhere()
    {
        var sources = ProductionSources();
        var named = sources.SelectMany(s => KeyLiteral().Matches(s.Text).Select(m => m.Groups[1].Value))
            .Where(key => !key.StartsWith("Logging:", StringComparison.Ordinal))
            .Distinct()
            .ToList();

        Assert.Equal([], named.Except(PrisonSettings.Keys).Except(PrisonSettings.RetiredKeys));
        Assert.Equal([], PrisonSettings.Keys.Where(key => !sources.Any(source => Reads(source.Text, key))));
    }

    /// <summary>Whether <paramref name="text"/> reads <paramref name="key"/>: by its name, or as a key of its section.</summary>
    private static bool Reads(string text, string key)
    {
        var (section, name) = (key[..key.LastIndexOf(':')], key[(key.LastIndexOf(':') + 1)..]);
        return text.Contains($"\"{key}\"", StringComparison.Ordinal)
            || (section == "ConnectionStrings" && text.Contains($"GetConnectionString(\"{name}\")", StringComparison.Ordinal))
            || (text.Contains($"GetSection(\"{section}\")", StringComparison.Ordinal) && text.Contains($"[\"{name}\"]", StringComparison.Ordinal));
    }

    /// <summary>Every production source file, the declaration of the keys left out of PrisonSettings.cs.</summary>
    private static List<(string Path, string Text)> ProductionSources() =>
    [
        .. ProductionFolders
            .SelectMany(folder => Directory.EnumerateFiles(Path.Combine(Repository.Root(), folder), "*.cs", SearchOption.AllDirectories))
            .Where(path => !path.Contains($"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}", StringComparison.Ordinal)
                && !path.Contains($"{Path.DirectorySeparatorChar}bin{Path.DirectorySeparatorChar}", StringComparison.Ordinal))
            .Select(path => (path, Path.GetFileName(path) == "PrisonSettings.cs" ? KeysDeclaration().Replace(File.ReadAllText(path), string.Empty) : File.ReadAllText(path))),
    ];

    [GeneratedRegex(@"^\| `([^`]+)` \|", RegexOptions.Multiline)]
    private static partial Regex DocumentedKey();

    [GeneratedRegex(@"""([A-Z][A-Za-z]+(?::[A-Z][A-Za-z]+)+)""")]
    private static partial Regex KeyLiteral();

    [GeneratedRegex(@"public static readonly IReadOnlyList<string> Keys =\s*\[.*?\];", RegexOptions.Singleline)]
    private static partial Regex KeysDeclaration();
}
