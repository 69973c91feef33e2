using System.CommandLine;
using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Prison.Db;
using Prison.Db.Api;
using Prison.Db.Audit;
using Prison.Db.Identity;
using Prison.Runtime;
using Prison.ServiceDefaults;
using Spectre.Console;

namespace Prison.Worker.CommandLine;

/// <summary>
/// The API's machine clients (the gate, escort planning, the offender-management system): add, list, rotate a secret,
/// disable, enable, delete. The same acts, checks and audit entries as the admins' API clients page; a refused act says
/// why, exits 1 and changes nothing.
/// </summary>
internal static class ClientsVerb
{
    /// <summary>The newest migration the clients verbs need.</summary>
    private const string ClientsMigration = "032_api_clients";

    public static Command Create()
    {
        var addName = new Argument<string>("NAME") { Description = $"the client's name, its OAuth client id (at most {UserNames.MaxLength} characters: {UserNames.Allowed})" };
        var scope = new Option<string[]>("--scope") { Description = $"a scope to give: {string.Join(", ", ApiScopes.All)} (repeat for both)", HelpName = string.Join("|", ApiScopes.All) };
        var prison = new Option<string[]>("--prison") { Description = "the code of a prison whose prisoners it reaches (repeat for several)", HelpName = "CODE" };
        var allPrisons = new Option<bool>("--all-prisons") { Description = "every prison (instead of --prison)" };
        var add = Verb.Create("add", "Register a client with its scopes and prisons. Prints its secret once.", (parse, configuration, cancellationToken) =>
        {
            var name = parse.GetValue(addName)!;
            var scopes = parse.GetValue(scope) ?? [];
            if (scopes.Length == 0)
            {
                throw new UsageException($"Say which scope: --scope {string.Join("|", ApiScopes.All)}.");
            }

            var codes = parse.GetValue(prison) ?? [];
            var all = parse.GetValue(allPrisons);
            if (all == codes.Length > 0)
            {
                throw new UsageException(all ? "Give --prison CODE or --all-prisons, not both." : $"Say which prisons {name} reaches: --prison CODE (repeat for several) or --all-prisons.");
            }

            return WithRegistryAsync(configuration, cancellationToken, async clients =>
            {
                var secret = await clients.AddAsync(name, scopes, all ? PrisonAccess.All : PrisonAccess.Only(codes), cancellationToken);
                var added = (await clients.FindAsync(name, cancellationToken))!;
                AnsiConsole.MarkupLineInterpolated($"[green]Added the API client {added.Name}[/] with the scope(s) {string.Join(", ", added.Scopes)}, reaching {added.Prisons}.");
                PrintSecret(added.Name, secret);
            });
        }, addName, scope, prison, allPrisons);

        var list = Verb.Create("list", "Every client with its scopes, prisons and whether it is disabled.", (_, configuration, cancellationToken) =>
            WithRegistryAsync(configuration, cancellationToken, async clients =>
            {
                var table = new Table().AddColumns("Name", "Scopes", "Prisons", "Disabled");
                foreach (var client in await clients.ListAsync(cancellationToken))
                {
                    table.AddRow(Markup.Escape(client.Name), string.Join(", ", client.Scopes), Markup.Escape(client.Prisons.ToString()), client.Disabled ? "yes" : "no");
                }

                AnsiConsole.Write(table);
            }));

        var rotateName = new Argument<string>("NAME") { Description = "the client" };
        var rotate = Verb.Create("rotate", "Give a client a new secret (printed once); tokens got with the old one are refused within seconds.", (parse, configuration, cancellationToken) =>
            WithRegistryAsync(configuration, cancellationToken, async clients =>
            {
                var name = parse.GetValue(rotateName)!;
                PrintSecret(name, await clients.RotateAsync(name, cancellationToken));
            }), rotateName);

        var disableName = new Argument<string>("NAME") { Description = "the client" };
        var disable = Verb.Create("disable", "Refuse a client's token requests, and the tokens it holds within seconds.", (parse, configuration, cancellationToken) =>
            WithRegistryAsync(configuration, cancellationToken, async clients =>
            {
                var name = parse.GetValue(disableName)!;
                await clients.DisableAsync(name, cancellationToken);
                AnsiConsole.MarkupLineInterpolated($"Disabled the API client {name}.");
            }), disableName);

        var enableName = new Argument<string>("NAME") { Description = "the client" };
        var enable = Verb.Create("enable", "Let a disabled client ask for tokens again.", (parse, configuration, cancellationToken) =>
            WithRegistryAsync(configuration, cancellationToken, async clients =>
            {
                var name = parse.GetValue(enableName)!;
                await clients.EnableAsync(name, cancellationToken);
                AnsiConsole.MarkupLineInterpolated($"Enabled the API client {name}.");
            }), enableName);

        var deleteName = new Argument<string>("NAME") { Description = "the client" };
        var delete = Verb.Create("delete", "Remove a client; its tokens are refused within seconds. The audit log keeps what it did.", (parse, configuration, cancellationToken) =>
            WithRegistryAsync(configuration, cancellationToken, async clients =>
            {
                var name = parse.GetValue(deleteName)!;
                await clients.DeleteAsync(name, cancellationToken);
                AnsiConsole.MarkupLineInterpolated($"Deleted the API client {name}.");
            }), deleteName);

        return Verb.Create(
            "clients",
            "The API's machine clients: add, list, rotate, disable, enable, delete.",
            (_, _, _) => throw new UsageException("Say 'clients add NAME --scope SCOPE --prison CODE', 'clients list', 'clients rotate NAME', 'clients disable NAME', 'clients enable NAME' or 'clients delete NAME'."),
            add, list, rotate, disable, enable, delete);
    }

    private static async Task<int> WithRegistryAsync(string[] configuration, CancellationToken cancellationToken, Func<ApiClientRegistry, Task> work)
    {
        using var host = await Verb.BuildServicesAsync(
            configuration,
            cancellationToken,
            services =>
            {
                services.AddApiClients();
                services.Replace(ServiceDescriptor.Singleton<IAuditActor>(AuditActor.CommandLine));
            },
            withRules: false);
        await using var scope = host.Services.CreateAsyncScope();
        var applied = await scope.ServiceProvider.GetRequiredService<PrisonDb>().Database.GetAppliedMigrationsAsync(cancellationToken);
        if (!applied.Contains(ClientsMigration))
        {
            throw new StartupException($"This database has no API clients table yet: run 'migrate' first (migration {ClientsMigration} adds it).");
        }

        try
        {
            await work(scope.ServiceProvider.GetRequiredService<ApiClientRegistry>());
            return 0;
        }
        catch (ChangeRefusedException error)
        {
            await Console.Error.WriteLineAsync($"Nothing was changed: {error.Message}");
            return 1;
        }
    }

    private static void PrintSecret(string name, string secret)
    {
        AnsiConsole.MarkupLineInterpolated($"Secret of {name}: {secret}");
        AnsiConsole.MarkupLine("It is shown this once and stored only as a hash: hand it over now.");
    }
}
