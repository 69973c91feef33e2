using Prison.Domain.Evaluation;

namespace Prison.Web.Status;

/// <summary>What staff read for a stored rule code: the title of the rule in force, or the code itself for a rule no longer shipped.</summary>
public sealed class RuleTitles
{
    private readonly Dictionary<string, string> _titles = RuleCatalog.BuiltIn().ToDictionary(r => r.Code, r => r.Title, StringComparer.Ordinal);

    public string this[string code] => _titles.GetValueOrDefault(code, code);
}
