using System.Globalization;
using System.Text.RegularExpressions;

namespace Prison.Db.Schema;

/// <summary>The migrations shipped inside this assembly, one folder per dialect (db/Migrations/postgresql, db/Migrations/sqlite).</summary>
public static partial class MigrationSource
{
    public static IReadOnlyList<Migration> Embedded(SqlDialect dialect)
    {
        var assembly = typeof(MigrationSource).Assembly;
        var prefix = $"migrations/{dialect.ToString().ToLowerInvariant()}/";
        var migrations = assembly.GetManifestResourceNames()
            .Where(n => n.StartsWith(prefix, StringComparison.Ordinal))
            .Select(n => Parse(n[prefix.Length..], Read(assembly, n)))
            .OrderBy(m => m.Version)
            .ToList();
        return Validated(migrations, dialect.ToString());
    }

    /// <summary>Checks that versions run 1, 2, 3 ... with no gap or repeat, so two branches cannot both add "004".</summary>
    public static IReadOnlyList<Migration> Validated(IReadOnlyList<Migration> migrations, string source)
    {
        for (var i = 0; i < migrations.Count; i++)
        {
            if (migrations[i].Version != i + 1)
            {
                throw new InvalidOperationException($"The {source} migrations must be numbered 1, 2, 3 ... without gaps or repeats; found {migrations[i]} at position {i + 1}.");
            }
        }

        return migrations;
    }

    private static Migration Parse(string fileName, string sql)
    {
        var match = FileName().Match(fileName);
        return match.Success
            ? new Migration(int.Parse(match.Groups[1].Value, CultureInfo.InvariantCulture), match.Groups[2].Value, sql)
            : throw new InvalidOperationException($"Migration file {fileName} is not named NNN_name.sql.");
    }

    private static string Read(System.Reflection.Assembly assembly, string resource)
    {
        using var stream = assembly.GetManifestResourceStream(resource)!;
        using var reader = new StreamReader(stream);
        return reader.ReadToEnd();
    }

    [GeneratedRegex(@"^(\d{3})_([a-z0-9_]+)\.sql$")]
    private static partial Regex FileName();
}
