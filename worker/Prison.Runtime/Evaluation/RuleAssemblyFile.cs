using System.Reflection;
using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;
using System.Security.Cryptography;
using Prison.Domain.Evaluation;

namespace Prison.Runtime.Evaluation;

/// <summary>
/// One *.dll of Rules:Folder as read from its bytes, never run: its SHA-256 and, from its metadata, its assembly name
/// and the rule classes it would bring. What a headquarters admin approves, or not, on the rules page.
/// </summary>
/// <param name="RuleClasses">Full names of its public, non-abstract classes deriving from <see cref="DangerRule"/>.</param>
/// <param name="Problem">Why the file cannot be read as an assembly; null when it can.</param>
public sealed record RuleAssemblyFile(
    string Path, string Sha256, AssemblyName? Name, Guid ModuleVersionId, IReadOnlyList<string> RuleClasses, string? Problem)
{
    public string FileName => System.IO.Path.GetFileName(Path);

    /// <summary>The rule codes it would bring: a rule's code is its class name.</summary>
    public IEnumerable<string> Codes => RuleClasses.Select(c => c[(c.LastIndexOf('.') + 1)..]);

    /// <summary>Reads the file's bytes once: the hash and the metadata are of the same bytes.</summary>
    public static RuleAssemblyFile Read(string path) => Of(path, File.ReadAllBytes(path));

    public static RuleAssemblyFile Of(string path, byte[] bytes)
    {
        var sha256 = Convert.ToHexStringLower(SHA256.HashData(bytes));
        try
        {
            using var pe = new PEReader(new MemoryStream(bytes, writable: false));
            if (!pe.HasMetadata)
            {
                return new RuleAssemblyFile(path, sha256, null, Guid.Empty, [], "it has no .NET metadata");
            }

            var metadata = pe.GetMetadataReader();
            if (!metadata.IsAssembly)
            {
                return new RuleAssemblyFile(path, sha256, null, Guid.Empty, [], "it is a .NET module, not an assembly");
            }

            return new RuleAssemblyFile(
                path,
                sha256,
                metadata.GetAssemblyDefinition().GetAssemblyName(),
                metadata.GetGuid(metadata.GetModuleDefinition().Mvid),
                [.. RuleClassesOf(metadata).Order(StringComparer.Ordinal)],
                null);
        }
        catch (Exception error) when (error is BadImageFormatException or InvalidOperationException)
        {
            return new RuleAssemblyFile(path, sha256, null, Guid.Empty, [], error.Message);
        }
    }

    /// <summary>
    /// Public top-level classes that are not abstract and derive, through classes of the same file or of the domain,
    /// from <see cref="DangerRule"/>: what <see cref="RuleCatalog.Discover"/> would find once the assembly is loaded.
    /// </summary>
    private static IEnumerable<string> RuleClassesOf(MetadataReader metadata)
    {
        foreach (var handle in metadata.TypeDefinitions)
        {
            var type = metadata.GetTypeDefinition(handle);
            var attributes = type.Attributes;
            if ((attributes & TypeAttributes.VisibilityMask) == TypeAttributes.Public
                && (attributes & (TypeAttributes.Abstract | TypeAttributes.Interface)) == 0
                && DerivesFromDangerRule(metadata, type.BaseType, depth: 0))
            {
                var ns = metadata.GetString(type.Namespace);
                var name = metadata.GetString(type.Name);
                yield return ns.Length == 0 ? name : $"{ns}.{name}";
            }
        }
    }

    private static bool DerivesFromDangerRule(MetadataReader metadata, EntityHandle baseType, int depth)
    {
        // A chain longer than any real one is a malformed (cyclic) file.
        if (baseType.IsNil || depth > 64)
        {
            return false;
        }

        switch (baseType.Kind)
        {
            case HandleKind.TypeDefinition:
                return DerivesFromDangerRule(metadata, metadata.GetTypeDefinition((TypeDefinitionHandle)baseType).BaseType, depth + 1);
            case HandleKind.TypeReference:
                var reference = metadata.GetTypeReference((TypeReferenceHandle)baseType);
                if (reference.ResolutionScope.Kind != HandleKind.AssemblyReference
                    || metadata.GetString(metadata.GetAssemblyReference((AssemblyReferenceHandle)reference.ResolutionScope).Name) != typeof(DangerRule).Assembly.GetName().Name)
                {
                    return false;
                }

                // A class of the domain, already loaded: asking it runs nothing of the file.
                var domainType = typeof(DangerRule).Assembly.GetType($"{metadata.GetString(reference.Namespace)}.{metadata.GetString(reference.Name)}");
                return domainType is not null && typeof(DangerRule).IsAssignableFrom(domainType);
            default:
                return false;
        }
    }
}
