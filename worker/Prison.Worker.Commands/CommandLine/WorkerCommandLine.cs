using System.CommandLine;
using Spectre.Console;

namespace Prison.Worker.CommandLine;

/// <summary>The worker's verbs. A mistake prints usage and a clear message, never a stack trace.</summary>
public static class WorkerCommandLine
{
    public static async Task<int> InvokeAsync(string[] args)
    {
        if (Console.IsOutputRedirected)
        {
            // Tables and messages read whole in a log or a pipe: not cut at a terminal's 80 columns, no colour codes.
            AnsiConsole.Profile.Width = 240;
            AnsiConsole.Profile.Capabilities.Ansi = false;
        }

        var root = new RootCommand("The prison dashboard's worker: evaluates the danger rules and runs the scheduled jobs.")
        {
            RunVerb.Create(),
            MigrateVerb.Create(),
            ReevaluateVerb.Create(),
            VerifyVerb.Create(),
            JobsVerb.Create(),
            ImportVerb.Create(),
            UsersVerb.Create(),
            ClientsVerb.Create(),
            BackupVerb.Create(),
            RulesVerb.Create(),
        };

        // With no verb the worker runs, as a container's entry point expects; a word that is no verb is a mistake.
        root.TreatUnmatchedTokensAsErrors = false;
        root.SetAction(async (parse, cancellationToken) =>
        {
            if (parse.UnmatchedTokens.FirstOrDefault(t => !t.StartsWith('-')) is { } unknown)
            {
                await Console.Error.WriteLineAsync($"'{unknown}' is not a command.");
                await root.Parse("--help").InvokeAsync(cancellationToken: cancellationToken);
                return 2;
            }

            return await RunVerb.RunAsync(parse, cancellationToken);
        });
        return await root.Parse(args).InvokeAsync();
    }
}
