namespace Prison.Web.Tests.Hosting;

/// <summary>A temporary rules folder (Rules:Folder) holding copies of the example rules assembly, deleted on dispose.</summary>
public sealed class RulesFolder : IDisposable
{
    public const string ExampleRule = "SegregatedTwiceOrMore";

    public const string ExampleRuleClass = "Prison.ExampleRules.SegregatedTwiceOrMore";

    public string Path { get; } = Directory.CreateTempSubdirectory("prison-rules-").FullName;

    public string Argument => $"--Rules:Folder={Path}";

    /// <summary>
    /// tests/Prison.ExampleRules, built before this project (a reference that is not referenced), in the same
    /// configuration as these tests.
    /// </summary>
    public static string ExampleAssembly
    {
        get
        {
            var output = new DirectoryInfo(AppContext.BaseDirectory.TrimEnd(System.IO.Path.DirectorySeparatorChar));
            var configuration = output.Parent!.Name;
            var tests = output.Parent.Parent!.Parent!.Parent!.FullName;
            return System.IO.Path.Combine(tests, "Prison.ExampleRules", "bin", configuration, output.Name, "Prison.ExampleRules.dll");
        }
    }

    public RulesFolder WithExampleRules(string fileName = "Prison.ExampleRules.dll")
    {
        File.Copy(ExampleAssembly, System.IO.Path.Combine(Path, fileName));
        return this;
    }

    public RulesFolder WithFile(string fileName, string content)
    {
        File.WriteAllText(System.IO.Path.Combine(Path, fileName), content);
        return this;
    }

    /// <summary>The SHA-256 of a file of the folder, as the rules page shows it and an approval names it.</summary>
    public string Sha256Of(string fileName = "Prison.ExampleRules.dll") =>
        Convert.ToHexStringLower(System.Security.Cryptography.SHA256.HashData(File.ReadAllBytes(System.IO.Path.Combine(Path, fileName))));

    /// <summary>Changes a file's bytes while it stays the same assembly: one byte more at its end, which no loader reads.</summary>
    public RulesFolder Change(string fileName = "Prison.ExampleRules.dll")
    {
        using var file = File.Open(System.IO.Path.Combine(Path, fileName), FileMode.Append);
        file.WriteByte(0);
        return this;
    }

    public void Dispose() => Directory.Delete(Path, recursive: true);
}
