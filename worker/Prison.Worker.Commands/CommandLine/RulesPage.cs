using System.Globalization;
using System.Text;
using System.Text.RegularExpressions;
using System.Xml.Linq;
using Prison.Domain.Evaluation;

namespace Prison.Worker.CommandLine;

/// <summary>
/// docs/rules.md, written from the rule classes themselves: each built-in rule's number and meaning from its doc
/// comment ("Rule N: ..."), its title, category, window and code from the class. `worker rules` prints it.
/// </summary>
internal static partial class RulesPage
{
    public static string Write()
    {
        var documentation = typeof(DangerRule).Assembly.GetName().Name + ".xml";
        var path = Path.Combine(AppContext.BaseDirectory, documentation);
        var summaries = XDocument.Load(path).Descendants("member")
            .Where(m => ((string?)m.Attribute("name"))?.StartsWith("T:", StringComparison.Ordinal) == true)
            .ToDictionary(m => ((string)m.Attribute("name")!)[2..], m => m.Element("summary"));
        var rules = RuleCatalog.BuiltIn()
            .Select(rule => (Rule: rule, Meaning: Meaning(rule, summaries.GetValueOrDefault(rule.GetType().FullName!))))
            .OrderBy(r => r.Meaning.Number)
            .ToList();

        var page = new StringBuilder();
        page.AppendLine("# The danger rules");
        page.AppendLine();
        page.AppendLine("<!-- Written by `dotnet run --project worker/Prison.Worker -- rules > docs/rules.md` from the rule classes; a test holds it current. -->");
        page.AppendLine();
        page.AppendLine(CultureInfo.InvariantCulture, $"A prisoner is Dangerous when any enabled rule fires. These are the {rules.Count} built-in rules, one class each in");
        page.AppendLine("`domain/Rules/`, named after its code. \"Today\" is the prison's local date; \"in the last 2 months\" means after the");
        page.AppendLine("same day two months ago and not in the future. Staff see the titles of the rules that fired, with the facts.");
        page.AppendLine("Admins enable and disable rules on the rules page (`/admin/rules`, [user-guide.md](user-guide.md#rules)), and approve");
        page.AppendLine("rules assemblies there; [development.md](development.md#adding-a-rule) says how to add a rule class or an assembly.");
        page.AppendLine();
        page.AppendLine("| # | title | category | window | fires when | code |");
        page.AppendLine("|---|---|---|---|---|---|");
        foreach (var (rule, meaning) in rules)
        {
            page.AppendLine(CultureInfo.InvariantCulture, $"| {meaning.Number} | {rule.Title} | {rule.Category} | {rule.Window ?? "none"} | {meaning.Text} | `{rule.Code}` |");
        }

        return page.ToString();
    }

    private static (int Number, string Text) Meaning(DangerRule rule, XElement? summary)
    {
        var text = Text(summary ?? throw new InvalidOperationException($"The rule {rule.Code} has no doc comment: docs/rules.md says what it checks from it."));
        var numbered = NumberedSummary().Match(text);
        return numbered.Success
            ? (int.Parse(numbered.Groups[1].Value, CultureInfo.InvariantCulture), numbered.Groups[2].Value)
            : throw new InvalidOperationException($"The doc comment of rule {rule.Code} does not start \"Rule N: \".");
    }

    /// <summary>The summary as one line of Markdown: a cross-reference as its name in code, whitespace folded.</summary>
    private static string Text(XElement summary)
    {
        var text = new StringBuilder();
        foreach (var node in summary.Nodes())
        {
            text.Append(node switch
            {
                XText plain => plain.Value,
                XElement { Name.LocalName: "see" } see => $"`{((string?)see.Attribute("cref") ?? string.Empty).Split('.')[^1]}`",
                XElement { Name.LocalName: "paramref" or "typeparamref" } reference => (string?)reference.Attribute("name"),
                XElement { Name.LocalName: "c" } code => $"`{code.Value}`",
                XElement other => other.Value,
                _ => string.Empty,
            });
        }

        return Whitespace().Replace(text.ToString(), " ").Trim().Replace("|", "\\|", StringComparison.Ordinal);
    }

    [GeneratedRegex(@"^Rule (\d+): (.*)$", RegexOptions.Singleline)]
    private static partial Regex NumberedSummary();

    [GeneratedRegex(@"\s+")]
    private static partial Regex Whitespace();
}
