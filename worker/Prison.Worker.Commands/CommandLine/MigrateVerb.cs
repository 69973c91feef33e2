using System.CommandLine;
using Microsoft.Extensions.Hosting;
using Prison.Runtime;
using Prison.ServiceDefaults;
using Spectre.Console;

namespace Prison.Worker.CommandLine;

internal static class MigrateVerb
{
    public static Command Create() => Verb.Create("migrate", "Apply the database migrations (and Hangfire's schema) not applied yet, give Database:ApplicationRole its rights, then exit.", async (_, configuration, cancellationToken) =>
    {
        var builder = Host.CreateApplicationBuilder(configuration);
        // As the schema's owner when one is named: web and worker then connect as a role that may not change it.
        var settings = builder.AddPrison(hostWorker: false, asOwner: true);

        // Migrating needs the database only; the broker may still be starting.
        await StartupChecks.EnsureDatabaseReachableAsync(settings, cancellationToken);
        using var host = builder.Build();
        var applied = await host.Services.MigratePrisonDatabaseAsync(cancellationToken);
        foreach (var migration in applied)
        {
            AnsiConsole.MarkupLine($"Applied {Markup.Escape(migration)}");
        }

        AnsiConsole.MarkupLine(applied.Count == 0
            ? "[green]The database schema is up to date: nothing to apply.[/]"
            : $"[green]Applied {applied.Count} migration(s); the database schema is up to date.[/]");
        return 0;
    });
}
