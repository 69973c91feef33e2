using System.CommandLine;

namespace Prison.Worker.CommandLine;

internal static class RulesVerb
{
    public static Command Create() => Verb.Create("rules", "Print the built-in rules, what each checks and its window, as docs/rules.md lists them (Markdown).", async (_, _, _) =>
    {
        await Console.Out.WriteAsync(RulesPage.Write());
        return 0;
    });
}
