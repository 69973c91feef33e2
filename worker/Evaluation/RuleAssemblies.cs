using System.Reflection;
using System.Runtime.Loader;
using Prison.Domain.Evaluation;
using Prison.Worker.Hosting;

namespace Prison.Worker.Evaluation;

/// <summary>
/// Every rule this process knows: the built-in ones and those of the assemblies (*.dll) in the folder configured as
/// Rules:Folder. A problem with the folder stops the start with one sentence saying which file and why.
/// </summary>
public static class RuleAssemblies
{
    public static IReadOnlyList<DangerRule> Discover(string? folder)
    {
        var rules = RuleCatalog.BuiltIn().ToList();
        if (string.IsNullOrWhiteSpace(folder))
        {
            return rules;
        }

        if (!Directory.Exists(folder))
        {
            throw new StartupException($"Rules:Folder is '{folder}', which is not a folder this process can read.");
        }

        foreach (var path in Directory.GetFiles(folder, "*.dll").Order(StringComparer.Ordinal))
        {
            foreach (var rule in RulesOf(path))
            {
                if (rules.FirstOrDefault(r => r.Code == rule.Code) is { } known)
                {
                    throw new StartupException($"The rule {rule.Code} in {path} has the same code as the rule {known.GetType().FullName} from {known.GetType().Assembly.GetName().Name}: rename one of the classes.");
                }

                rules.Add(rule);
            }
        }

        return rules.OrderBy(r => r.Code, StringComparer.Ordinal).ToList();
    }

    private static IReadOnlyList<DangerRule> RulesOf(string path)
    {
        Assembly assembly;
        try
        {
            // An assembly of that name already loaded (the same file listed twice, or the folder read again by a
            // second host in the same process) is the one used: the default context cannot hold two. The default
            // context also resolves the rules' reference to Prison.Domain to the one already loaded, so they
            // subclass the same DangerRule.
            var name = AssemblyName.GetAssemblyName(path);
            assembly = AssemblyLoadContext.Default.Assemblies.FirstOrDefault(a => AssemblyName.ReferenceMatchesDefinition(a.GetName(), name))
                ?? AssemblyLoadContext.Default.LoadFromAssemblyPath(Path.GetFullPath(path));
        }
        catch (Exception error) when (error is BadImageFormatException or FileLoadException or FileNotFoundException)
        {
            throw new StartupException($"Rules:Folder holds {path}, which is not a .NET assembly this process can load: {error.Message}", error);
        }

        try
        {
            return RuleCatalog.Discover([assembly]);
        }
        catch (Exception error) when (error is ReflectionTypeLoadException or TypeLoadException or FileNotFoundException or FileLoadException or InvalidOperationException or TargetInvocationException)
        {
            var reason = error is ReflectionTypeLoadException load ? load.LoaderExceptions.FirstOrDefault()?.Message ?? load.Message : error.GetBaseException().Message;
            throw new StartupException($"Rules:Folder holds {path}, whose rules cannot be loaded: {reason}", error);
        }
    }
}
