using System.Reflection;

namespace Prison.ServiceDefaults;

/// <summary>
/// The version this build is (Directory.Build.props), and the commit it was built from when the build knew it: shown
/// in web's footer, by <c>worker --version</c> and as the <c>prison_build_info</c> metric.
/// </summary>
public static class ProductVersion
{
    private static readonly string Informational =
        typeof(ProductVersion).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion ?? "unknown";

    /// <summary>The version's number, e.g. "0.9.0".</summary>
    public static string Number { get; } = Informational.Split('+')[0];

    /// <summary>The commit's first seven hex digits, or null when the build was made outside a git clone.</summary>
    public static string? Commit { get; } = Informational.Split('+') is [_, var commit, ..] && commit.Length >= 7 ? commit[..7] : null;

    /// <summary>As people read it: "0.9.0 (1a2b3c4)", or the number alone.</summary>
    public static string Text { get; } = Commit is null ? Number : $"{Number} ({Commit})";
}
