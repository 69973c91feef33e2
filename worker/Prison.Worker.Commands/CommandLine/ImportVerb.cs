using System.CommandLine;
using System.Globalization;
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
        var allowMassRelease = new Option<bool>("--allow-mass-release")
        {
            Description = $"Import a day even if it releases more than {CustodyImporter.MaxReleaseShareKey} (default " +
                $"{CustodyImporter.DefaultMaxReleaseShare.ToString("P0", CultureInfo.InvariantCulture)}) of the people in custody.",
        };
        var import = new Command("import", "Replay NYC DOC daily custody files: arrivals, releases and changes, through the aggregate.")
        {
            path, allowMassRelease, Revert(path),
        };
        import.TreatUnmatchedTokensAsErrors = false;
        import.SetAction((parse, cancellationToken) => Verb.Guarded(parse, () =>
            ImportCommand.RunAsync([.. parse.GetValue(path) ?? [], .. parse.UnmatchedTokens], parse.GetValue(allowMassRelease), cancellationToken)));
        return import;
    }

    /// <param name="path">import's own argument, which takes the words that come before "revert".</param>
    private static Command Revert(Argument<string[]> path)
    {
        // Zero or one for the parser, so that a missing day is reported like a malformed one: with usage and exit code 2.
        var day = new Argument<string>("DAY")
        {
            Description = "The first imported day to undo, as yyyy-MM-dd: it and every day imported after it are undone.",
            Arity = ArgumentArity.ZeroOrOne,
        };
        return Verb.Create(
            "revert",
            "Undo an imported day and every day after it: their entries struck out, their releases and other ends taken back; then import the right files.",
            // Configuration may also come before "revert", where the parser gives it to import's PATH: take it from all the tokens.
            (parse, _, cancellationToken) =>
            {
                var stray = (parse.GetValue(path) ?? []).Where(t => !Verb.IsConfiguration(t)).ToList();
                return stray.Count > 0
                    ? throw new UsageException($"'{string.Join(" ", stray)}' is not an argument of 'import revert': say 'import revert DAY'.")
                    : ImportCommand.RevertAsync(DayOf(parse.GetValue(day)), [.. parse.Tokens.Select(t => t.Value).Where(Verb.IsConfiguration)], cancellationToken);
            },
            day);
    }

    private static DateOnly DayOf(string? text) =>
        text is null ? throw new UsageException("import revert needs the DAY to undo from, as yyyy-MM-dd.")
        : DateOnly.TryParseExact(text, "yyyy-MM-dd", CultureInfo.InvariantCulture, DateTimeStyles.None, out var day) ? day
        : throw new UsageException($"'{text}' is not a day: write it as yyyy-MM-dd, such as 2025-08-05.");
}
