using System.CommandLine;
using Prison.Worker.Import;

namespace Prison.Worker.CommandLine;

internal static class ImportVerb
{
    public static Command Create()
    {
        // Any number for the parser: configuration such as --ConnectionStrings:Prison=... may come before the path and
        // would otherwise be taken for it. The importer tells a missing path (exit code 2) apart itself.
        var path = new Argument<string[]>("PATH")
        {
            Description = $"A {CustodyFile.NamePattern} file, or a folder of them (imported in date order).",
            Arity = ArgumentArity.ZeroOrMore,
        };
        var import = new Command("import", "Replay NYC DOC daily custody files: arrivals, releases and changes, through the aggregate.") { path };
        import.TreatUnmatchedTokensAsErrors = false;
        import.SetAction((parse, cancellationToken) => Verb.Guarded(parse, () =>
            ImportCommand.RunAsync([.. parse.GetValue(path) ?? [], .. parse.UnmatchedTokens], cancellationToken)));
        return import;
    }
}
