namespace Prison.Testing;

/// <summary>The clone the tests were built from, for tests that read its files (the compose file, CHANGELOG.md).</summary>
public static class Repository
{
    public static string Root()
    {
        for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(Path.Combine(directory.FullName, "Prison.sln")))
            {
                return directory.FullName;
            }
        }

        throw new InvalidOperationException($"No Prison.sln above {AppContext.BaseDirectory}.");
    }
}
