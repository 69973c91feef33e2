namespace Prison.Worker.Import;

/// <summary>Turns the path given to `import` into the custody files to replay, in date order.</summary>
public static class CustodyFileSearch
{
    /// <summary>
    /// A file is itself; a folder means every daily custody file directly in it. Two files for the same day
    /// (a copy under another case, say) are refused: which one is the day is not for the importer to guess.
    /// </summary>
    public static IReadOnlyList<CustodyFile> Find(string path)
    {
        if (File.Exists(path))
        {
            return [CustodyFile.FromPath(path)
                ?? throw new CustodyPathException($"{path}: cannot tell the day of this file; its name must be {CustodyFile.NamePattern}.")];
        }

        if (!Directory.Exists(path))
        {
            throw new CustodyPathException($"{path}: no such file or folder.");
        }

        var files = Directory.EnumerateFiles(path, "*.csv")
            .Select(CustodyFile.FromPath)
            .OfType<CustodyFile>()
            .OrderBy(f => f.Day)
            .ToList();
        if (files.Count == 0)
        {
            throw new CustodyPathException($"{path}: the folder holds no file named {CustodyFile.NamePattern}.");
        }

        var twice = files.GroupBy(f => f.Day).FirstOrDefault(g => g.Count() > 1);
        return twice is null
            ? files
            : throw new CustodyPathException($"{path}: {string.Join(" and ", twice.Select(f => f.Name))} are both for {twice.Key:yyyy-MM-dd}.");
    }
}
