using Prison.Domain;
using Prison.Web.Wording;

namespace Prison.Web.Downloads;

/// <summary>The words the lists' files share, each list's columns being beside its page: a status as the pages name it, and the rules that fired.</summary>
public static class ColumnWords
{
    /// <summary>A status in the page's words, saying when it came from the previous rule set.</summary>
    public static string Danger(DangerStatus status, bool fromEarlierRuleSet) =>
        fromEarlierRuleSet ? $"{StatusLabels.Of(status)} (from the previous rule set)" : StatusLabels.Of(status);

    /// <summary>The titles of the rules that fired, in the page's words.</summary>
    public static string Why(RuleTitles titles, IReadOnlyList<string> rules) => string.Join("; ", rules.Select(code => titles[code]));
}
