using System.Reflection;

namespace Prison.Domain.Evaluation;

/// <summary>Finds the rule classes of assemblies, so that adding a rule never means registering it by hand.</summary>
public static class RuleCatalog
{
    /// <summary>The rules defined in this (the domain) assembly.</summary>
    public static IReadOnlyList<DangerRule> BuiltIn() => Discover([typeof(DangerRule).Assembly]);

    public static IReadOnlyList<DangerRule> Discover(IEnumerable<Assembly> assemblies) =>
        assemblies
            .Distinct()
            .SelectMany(a => a.GetExportedTypes())
            .Where(t => t is { IsClass: true, IsAbstract: false } && typeof(DangerRule).IsAssignableFrom(t))
            .Select(Create)
            .OrderBy(r => r.Code, StringComparer.Ordinal)
            .ToList();

    private static DangerRule Create(Type type) =>
        type.GetConstructor(Type.EmptyTypes) is { } constructor
            ? (DangerRule)constructor.Invoke(null)
            : throw new InvalidOperationException($"Rule {type.FullName} needs a public parameterless constructor.");
}
