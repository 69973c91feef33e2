using System.Globalization;

namespace Prison.Db.Reads;

/// <summary>
/// Where a prison's dashboard stands: the changes its counts' stripes have seen (kept at write time, migration 014:
/// every change of a row the dashboard shows or of a count moves it) and the rule set in force (a new one marks rows
/// "from the previous rule set" before any prisoner's row changes). Equal stamps, the same dashboard. An open page
/// holds the stamp it shows as an opaque token (<see cref="ToString"/>) and asks whether it still stands.
/// </summary>
public sealed record DashboardStamp(long Changes, string? RuleSetInForce)
{
    /// <summary>What no dashboard ever stands at (changes are counted from zero up): asking with it reads the dashboard.</summary>
    public static DashboardStamp Never { get; } = new(-1, null);

    public override string ToString() => $"{Changes.ToString(CultureInfo.InvariantCulture)}.{RuleSetInForce}";

    /// <summary>Reads a token made by <see cref="ToString"/>; false for anything else.</summary>
    public static bool TryParse(string? token, out DashboardStamp stamp)
    {
        stamp = new DashboardStamp(0, null);
        var dot = token?.IndexOf('.', StringComparison.Ordinal) ?? -1;
        if (dot <= 0 || !long.TryParse(token.AsSpan(0, dot), NumberStyles.None, CultureInfo.InvariantCulture, out var changes))
        {
            return false;
        }

        var ruleSet = token![(dot + 1)..];
        stamp = new DashboardStamp(changes, ruleSet.Length == 0 ? null : ruleSet);
        return true;
    }
}
