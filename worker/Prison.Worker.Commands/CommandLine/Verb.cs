using System.CommandLine;
using System.CommandLine.Parsing;
using MassTransit;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Prison.Runtime;
using Prison.Runtime.Evaluation;
using Prison.ServiceDefaults;
using Spectre.Console;

namespace Prison.Worker.CommandLine;

/// <summary>What every verb shares: configuration from the command line, the host it works in, and clean failures.</summary>
internal static class Verb
{
    /// <summary>
    /// A verb that also takes configuration as --Section:Key=value (as the services do), so an operator can point
    /// one command at another database. Any other unknown token is a mistake. The action returns the exit code.
    /// </summary>
    public static Command Create(string name, string description, Func<ParseResult, string[], CancellationToken, Task<int>> action, params Symbol[] symbols)
    {
        var command = new Command(name, description) { TreatUnmatchedTokensAsErrors = false };
        foreach (var symbol in symbols)
        {
            switch (symbol)
            {
                case Option option: command.Options.Add(option); break;
                case Argument argument: command.Arguments.Add(argument); break;
                case Command sub: command.Subcommands.Add(sub); break;
            }
        }

        command.SetAction((parse, cancellationToken) => Guarded(parse, () =>
        {
            var unknown = parse.UnmatchedTokens.Where(t => !IsConfiguration(t)).ToList();
            return unknown.Count > 0
                ? throw new UsageException($"'{string.Join(" ", unknown)}' is not an option of '{name}'.")
                : action(parse, [.. parse.UnmatchedTokens], cancellationToken);
        }));
        return command;
    }

    public static bool IsConfiguration(string token) => token.StartsWith("--", StringComparison.Ordinal) && token.Contains(':', StringComparison.Ordinal);

    /// <summary>
    /// The database and a started bus (and, in the embedded mode, the consumers: there is no worker to send to). Only
    /// the bus is started, not the host: the scheduled jobs belong to the services, and the host's console lifetime
    /// would hold Ctrl+C for itself instead of letting the verb stop watching.
    /// </summary>
    public static async Task<IHost> StartBusAsync(string[] configuration, CancellationToken cancellationToken)
    {
        var builder = Host.CreateApplicationBuilder(configuration);
        var settings = builder.AddPrison();
        await StartupChecks.EnsureReachableAsync(settings, cancellationToken);
        var host = builder.Build();
        if (settings.IsEmbeddedDatabase)
        {
            await host.Services.MigratePrisonDatabaseAsync(cancellationToken);
        }

        if (settings.RabbitMq is null)
        {
            await host.Services.AbandonRunsLeftInMemoryAsync(cancellationToken);
        }

        await RuleSetStartup.LoadAsync(host.Services, cancellationToken);

        await host.Services.GetRequiredService<IBusControl>().StartAsync(cancellationToken);
        return host;
    }

    /// <summary>
    /// The database and the rules, without consumers, jobs or a started bus: for verbs that only read and write.
    /// <paramref name="withRules"/> false skips reading the stored rule settings, for verbs that never evaluate.
    /// </summary>
    public static async Task<IHost> BuildServicesAsync(string[] configuration, CancellationToken cancellationToken, Action<IServiceCollection>? more = null, bool withRules = true)
    {
        var builder = Host.CreateApplicationBuilder(configuration);
        var settings = builder.AddPrison(hostWorker: false);
        more?.Invoke(builder.Services);
        await StartupChecks.EnsureDatabaseReachableAsync(settings, cancellationToken);
        var host = builder.Build();
        if (settings.IsEmbeddedDatabase)
        {
            await host.Services.MigratePrisonDatabaseAsync(cancellationToken);
        }

        if (withRules)
        {
            await RuleSetStartup.LoadAsync(host.Services, cancellationToken);
        }

        return host;
    }

    public static async Task<int> Guarded(ParseResult parse, Func<Task<int>> work)
    {
        try
        {
            return await work();
        }
        catch (UsageException error)
        {
            await Console.Error.WriteLineAsync(error.Message);
            await PrintHelpAsync(parse);
            return 2;
        }
        catch (StartupException error)
        {
            await Console.Error.WriteLineAsync(error.Message);
            return 1;
        }
    }

    /// <summary>The help of the verb that was given, e.g. "jobs trigger --help".</summary>
    private static Task<int> PrintHelpAsync(ParseResult parse)
    {
        var path = new List<string>();
        for (SymbolResult? result = parse.CommandResult; result is CommandResult { Parent: not null } command; result = command.Parent)
        {
            path.Insert(0, command.Command.Name);
        }

        return parse.RootCommandResult.Command.Parse([.. path, "--help"]).InvokeAsync();
    }
}
