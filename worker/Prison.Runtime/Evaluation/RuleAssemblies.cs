using System.Reflection;
using System.Runtime.Loader;
using Prison.Domain.Evaluation;
using Prison.ServiceDefaults;

namespace Prison.Runtime.Evaluation;

/// <summary>
/// Every rule this process evaluates with: the built-in ones and those of the assemblies in Rules:Folder whose SHA-256
/// a headquarters admin approved. An assembly is loaded from the very bytes that were hashed, so a file changed after
/// its approval (or while it is read) is another hash, and not loaded.
/// </summary>
public static class RuleAssemblies
{
    public static (IReadOnlyList<DangerRule> Rules, IReadOnlyList<RuleAssemblyFile> Loaded) Discover(RuleFolder folder, IReadOnlySet<string> approvedSha256)
    {
        var rules = RuleCatalog.BuiltIn().ToList();
        var loaded = new List<RuleAssemblyFile>();
        if (folder.Path is null || approvedSha256.Count == 0)
        {
            return (rules, loaded);
        }

        foreach (var path in Directory.GetFiles(folder.Path, "*.dll").Order(StringComparer.Ordinal))
        {
            var bytes = File.ReadAllBytes(path);
            var file = RuleAssemblyFile.Of(path, bytes);
            if (!approvedSha256.Contains(file.Sha256))
            {
                continue;
            }

            foreach (var rule in RulesOf(file, bytes))
            {
                if (rules.FirstOrDefault(r => r.Code == rule.Code) is { } known)
                {
                    throw new StartupException($"The rule {rule.Code} in {path} has the same code as the rule {known.GetType().FullName} from {known.GetType().Assembly.GetName().Name}: rename one of the classes.");
                }

                rules.Add(rule);
            }

            loaded.Add(file);
        }

        return (rules.OrderBy(r => r.Code, StringComparer.Ordinal).ToList(), loaded);
    }

    private static IReadOnlyList<DangerRule> RulesOf(RuleAssemblyFile file, byte[] bytes)
    {
        if (file.Problem is { } problem)
        {
            throw new StartupException($"Rules:Folder holds {file.Path}, which is not a .NET assembly this process can load: {problem}");
        }

        Assembly assembly;
        try
        {
            // An assembly of that name already loaded (the folder read again by a second host in the same process) is
            // the one used, when it is the same build: the default context cannot hold two. The default context also
            // resolves the rules' reference to Prison.Domain to the one already loaded, so they subclass the same DangerRule.
            var already = AssemblyLoadContext.Default.Assemblies.FirstOrDefault(a => AssemblyName.ReferenceMatchesDefinition(a.GetName(), file.Name));
            if (already is not null && already.ManifestModule.ModuleVersionId != file.ModuleVersionId)
            {
                throw new StartupException($"Rules:Folder holds {file.Path}, whose assembly {file.Name} is already loaded in this process from another build: restart the process to load it.");
            }

            assembly = already ?? AssemblyLoadContext.Default.LoadFromStream(new MemoryStream(bytes, writable: false));
        }
        catch (Exception error) when (error is BadImageFormatException or FileLoadException or FileNotFoundException)
        {
            throw new StartupException($"Rules:Folder holds {file.Path}, which is not a .NET assembly this process can load: {error.Message}", error);
        }

        try
        {
            return RuleCatalog.Discover([assembly]);
        }
        catch (Exception error) when (error is ReflectionTypeLoadException or TypeLoadException or FileNotFoundException or FileLoadException or InvalidOperationException or TargetInvocationException)
        {
            var reason = error is ReflectionTypeLoadException load ? load.LoaderExceptions.FirstOrDefault()?.Message ?? load.Message : error.GetBaseException().Message;
            throw new StartupException($"Rules:Folder holds {file.Path}, whose rules cannot be loaded: {reason}", error);
        }
    }
}
