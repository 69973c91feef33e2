using Prison.Runtime.Evaluation;

namespace Prison.Web.Wording;

/// <summary>What staff read for a stored rule code: the title of a known rule (built in or from Rules:Folder), or the code itself for a rule no longer shipped.</summary>
public sealed class RuleTitles(CurrentRules rules)
{
    private readonly Dictionary<string, string> _titles = rules.All.ToDictionary(r => r.Code, r => r.Title, StringComparer.Ordinal);

    public string this[string code] => _titles.GetValueOrDefault(code, code);
}
