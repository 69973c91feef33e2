using Prison.Domain.Evaluation;
using Prison.ServiceDefaults;

namespace Prison.Runtime.Evaluation;

/// <summary>
/// The folder configured as Rules:Folder and its assemblies (*.dll), read without running any of them. A problem
/// with the folder stops the start with one sentence saying which file and why; which files are loaded is decided
/// later, by their approvals (<see cref="RuleAssemblies"/>).
/// </summary>
public sealed class RuleFolder
{
    private RuleFolder(string? path, IReadOnlyList<RuleAssemblyFile> files)
    {
        Path = path;
        Files = files;
    }

    public static RuleFolder None { get; } = new(null, []);

    /// <summary>Null when no folder is configured.</summary>
    public string? Path { get; }

    /// <summary>The assemblies as read at start.</summary>
    public IReadOnlyList<RuleAssemblyFile> Files { get; }

    /// <summary>The codes of every rule the folder's assemblies would bring, approved or not.</summary>
    public IEnumerable<string> Codes => Files.SelectMany(f => f.Codes);

    public static RuleFolder Read(string? folder)
    {
        if (string.IsNullOrWhiteSpace(folder))
        {
            return None;
        }

        if (!Directory.Exists(folder))
        {
            throw new StartupException($"Rules:Folder is '{folder}', which is not a folder this process can read.");
        }

        var files = ReadFiles(folder);
        var known = RuleCatalog.BuiltIn().ToDictionary(r => r.Code, r => $"{r.GetType().FullName} from {r.GetType().Assembly.GetName().Name}", StringComparer.Ordinal);
        foreach (var file in files)
        {
            if (file.Problem is { } problem)
            {
                throw new StartupException($"Rules:Folder holds {file.Path}, which is not a .NET assembly this process can load: {problem}");
            }

            foreach (var rule in file.RuleClasses)
            {
                var code = rule[(rule.LastIndexOf('.') + 1)..];
                if (known.TryGetValue(code, out var other))
                {
                    throw new StartupException($"The rule {code} in {file.Path} has the same code as the rule {other}: rename one of the classes.");
                }

                known[code] = $"{rule} from {file.Name!.Name}";
            }
        }

        return new RuleFolder(folder, files);
    }

    /// <summary>The assemblies in the folder now, for the rules page: a file dropped in since the start is listed too.</summary>
    public IReadOnlyList<RuleAssemblyFile> ReadNow() => Path is null || !Directory.Exists(Path) ? [] : ReadFiles(Path);

    private static IReadOnlyList<RuleAssemblyFile> ReadFiles(string folder) =>
        [.. Directory.GetFiles(folder, "*.dll").Order(StringComparer.Ordinal).Select(RuleAssemblyFile.Read)];
}
