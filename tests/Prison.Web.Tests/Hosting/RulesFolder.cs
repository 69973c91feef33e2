namespace Prison.Web.Tests.Hosting;

/// <summary>A temporary rules folder (Rules:Folder) holding copies of the example rules assembly, deleted on dispose.</summary>
public sealed class RulesFolder : IDisposable
{
    public const string ExampleRule = "SegregatedTwiceOrMore";

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

    public void Dispose() => Directory.Delete(Path, recursive: true);
}
