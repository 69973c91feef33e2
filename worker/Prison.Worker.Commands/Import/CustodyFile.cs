using System.Globalization;
using System.Text.RegularExpressions;

namespace Prison.Worker.Import;

/// <summary>One day's custody file. The day is in the name (DOC_Inmates_InCustody_Daily_YYYYMMDD.csv), not in the rows.</summary>
public sealed partial record CustodyFile(string Path, DateOnly Day)
{
    public const string NamePattern = "DOC_Inmates_InCustody_Daily_YYYYMMDD.csv";

    public string Name => System.IO.Path.GetFileName(Path);

    /// <summary>The file at <paramref name="path"/> when its name says its day; null otherwise.</summary>
    public static CustodyFile? FromPath(string path)
    {
        var match = DailyFileName().Match(System.IO.Path.GetFileName(path));
        return match.Success && DateOnly.TryParseExact(match.Groups["day"].Value, "yyyyMMdd", CultureInfo.InvariantCulture, DateTimeStyles.None, out var day)
            ? new CustodyFile(System.IO.Path.GetFullPath(path), day)
            : null;
    }

    [GeneratedRegex(@"^DOC_Inmates_InCustody_Daily_(?<day>\d{8})\.csv$", RegexOptions.IgnoreCase | RegexOptions.CultureInvariant)]
    private static partial Regex DailyFileName();
}
