using System.CommandLine;
using Microsoft.AspNetCore.Builder;

namespace Prison.Worker.CommandLine;

internal static class RunVerb
{
    public const string Description = "Run the worker service: evaluate changed prisoners and run the scheduled jobs (the default).";

    public static Command Create()
    {
        var run = new Command("run", Description) { TreatUnmatchedTokensAsErrors = false };
        run.SetAction(RunAsync);
        return run;
    }

    /// <summary>Tokens the verbs do not know (--urls, --Jobs:BatchSize=...) go to the host's configuration, as ASP.NET Core reads them.</summary>
    public static Task<int> RunAsync(ParseResult parse, CancellationToken cancellationToken) => Verb.Guarded(parse, async () =>
    {
        await using var app = await WorkerApp.BuildAsync([.. parse.UnmatchedTokens], cancellationToken: cancellationToken);
        await app.RunAsync();
        return 0;
    });
}
