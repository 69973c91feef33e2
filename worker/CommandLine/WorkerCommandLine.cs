using System.CommandLine;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Prison.Worker.Hosting;
using Prison.Worker.Import;
using Spectre.Console;

namespace Prison.Worker.CommandLine;

/// <summary>The worker's verbs. A mistake prints usage and a clear message, never a stack trace.</summary>
public static class WorkerCommandLine
{
    public static async Task<int> InvokeAsync(string[] args)
    {
        var run = new Command("run", "Run the worker service: evaluate changed prisoners and run the scheduled jobs (the default).")
        {
            TreatUnmatchedTokensAsErrors = false,
        };
        run.SetAction(RunWorker);

        var migrate = new Command("migrate", "Apply the database migrations that are not applied yet, then exit.");
        migrate.SetAction((_, cancellationToken) => Guarded(async () =>
        {
            var builder = WebApplication.CreateBuilder([]);
            var settings = builder.AddPrison(hostWorker: false);
            // Migrating needs the database only; the broker may still be starting.
            await StartupChecks.EnsureDatabaseReachableAsync(settings, cancellationToken);
            await using var app = builder.Build();
            await app.Services.MigratePrisonDatabaseAsync(cancellationToken);
            AnsiConsole.MarkupLine("[green]The database schema is up to date.[/]");
        }));

        // Any number for the parser: configuration such as --ConnectionStrings:Prison=... may come before the path and
        // would otherwise be taken for it. The importer tells a missing path (exit code 2) apart itself.
        var importPath = new Argument<string[]>("PATH")
        {
            Description = $"A {CustodyFile.NamePattern} file, or a folder of them (imported in date order).",
            Arity = ArgumentArity.ZeroOrMore,
        };
        var import = new Command("import", "Replay NYC DOC daily custody files: arrivals, releases and changes, through the aggregate.")
        {
            importPath,
        };
        import.TreatUnmatchedTokensAsErrors = false;
        import.SetAction((parse, cancellationToken) => Guarded(() =>
            ImportCommand.RunAsync([.. parse.GetValue(importPath) ?? [], .. parse.UnmatchedTokens], cancellationToken)));

        var root = new RootCommand("The prison dashboard's worker: evaluates the danger rules and runs the scheduled jobs.") { run, migrate, import };
        root.TreatUnmatchedTokensAsErrors = false;
        root.SetAction((parse, cancellationToken) => parse.UnmatchedTokens.FirstOrDefault(t => !t.StartsWith('-')) is { } unknown
            ? Task.FromResult(Usage(root, $"'{unknown}' is not a command."))
            : RunWorker(parse, cancellationToken));
        return await root.Parse(args).InvokeAsync();
    }

    /// <summary>Tokens the verbs do not know (--urls, --Jobs:BatchSize=...) go to the host's configuration.</summary>
    private static Task<int> RunWorker(ParseResult parse, CancellationToken cancellationToken) => Guarded(async () =>
    {
        await using var app = await WorkerApp.BuildAsync([.. parse.UnmatchedTokens], cancellationToken: cancellationToken);
        await app.RunAsync();
    });

    private static Task<int> Guarded(Func<Task> work) => Guarded(async () =>
    {
        await work();
        return 0;
    });

    private static async Task<int> Guarded(Func<Task<int>> work)
    {
        try
        {
            return await work();
        }
        catch (StartupException error)
        {
            await Console.Error.WriteLineAsync(error.Message);
            return 1;
        }
    }

    private static int Usage(RootCommand root, string message)
    {
        Console.Error.WriteLine(message);
        root.Parse("--help").Invoke();
        return 2;
    }
}
