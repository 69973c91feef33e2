using Prison.Domain.Evaluation;

namespace Prison.Worker.Tests.CommandLine;

public class RulesVerbTests
{
    [Fact]
    public async Task The_rules_page_in_docs_is_the_one_the_rule_classes_write_now()
    {
        var run = await WorkerProcess.RunAsync("rules");

        Assert.Equal(0, run.ExitCode);
        Assert.True(
            File.ReadAllText(Path.Combine(Repository.Root(), "docs", "rules.md")) == run.Output,
            "docs/rules.md is not current: write it again with `dotnet run --project worker/Prison.Worker -- rules > docs/rules.md`");
    }

    [Fact]
    public async Task The_page_has_a_row_for_every_built_in_rule_numbered_from_one_without_a_gap()
    {
        var run = await WorkerProcess.RunAsync("rules");

        var rows = run.Output.Split('\n').Where(line => line.StartsWith("| ", StringComparison.Ordinal) && char.IsAsciiDigit(line[2])).ToList();
        Assert.Equal(RuleCatalog.BuiltIn().Count, rows.Count);
        Assert.Equal(Enumerable.Range(1, rows.Count).Select(n => $"| {n} |"), rows.Select(r => r[..(r.IndexOf(" |", 2, StringComparison.Ordinal) + 2)]));
        Assert.All(RuleCatalog.BuiltIn(), rule => Assert.Contains(rows, r => r.EndsWith($"| `{rule.Code}` |", StringComparison.Ordinal)));
    }
}
