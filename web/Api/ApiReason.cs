using Prison.Db.Writes;
using Prison.Web.Wording;

namespace Prison.Web.Api;

/// <summary>A rule a verdict fired for (or a forecast brings or ends): its code, its title and its facts in words.</summary>
public sealed record ApiReason(string Rule, string Title, IReadOnlyList<string> Facts)
{
    public static ApiReason Of(RuleFacts fired, RuleTitles titles, Func<int, string> prisonName) =>
        new(fired.Code, titles[fired.Code], [.. fired.Facts.Select(fact => RecordWords.Fact(fact, prisonName))]);
}
