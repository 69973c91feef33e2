using System.Data.Common;
using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Prison.Db;
using Prison.Db.RuleSettings;
using Prison.Domain.Evaluation;
using Prison.ServiceDefaults;

namespace Prison.Runtime.Evaluation;

public static class EvaluationSetup
{
    /// <summary>Rule 35 ships disabled: on an arrivals dashboard it would mark every row Dangerous (RULES.md).</summary>
    public const string ShippedDisabledRules = "ArrivedInLast7Days";

    public static IServiceCollection AddPrisonEvaluation(this IServiceCollection services, IConfiguration configuration)
    {
        var calendar = new PrisonCalendar(TimeZone(configuration["Prison:TimeZone"] ?? "America/New_York"));
        var folder = RuleFolder.Read(configuration["Rules:Folder"]);
        var disabledByDefault = CurrentRules.DisabledByDefault(
            configuration["Rules:Disabled"] ?? ShippedDisabledRules, [.. RuleCatalog.BuiltIn().Select(r => r.Code), .. folder.Codes]);
        services.AddSingleton(calendar);
        services.AddSingleton(folder);
        services.AddSingleton(provider =>
        {
            var (all, loaded) = RuleAssemblies.Discover(folder, ApprovedAssemblies(provider, folder));
            return new CurrentRules(all, disabledByDefault, calendar, provider.GetRequiredService<ILogger<CurrentRules>>(), loaded);
        });

        // Whoever asks gets the rule set held now: it changes when an admin applies a setting.
        services.AddTransient(provider => provider.GetRequiredService<CurrentRules>().RuleSet);
        services.AddTransient(provider => provider.GetRequiredService<CurrentRules>().Evaluator);
        services.AddScoped<PrisonerReevaluation>();
        services.AddScoped<RuleChanges>();
        services.AddScoped<RuleAssemblyApprovals>();
        services.AddHostedService<RuleSetStartup>();
        return services;
    }

    /// <summary>Every built-in rule except the disabled ones, given as codes separated by commas.</summary>
    public static RuleSet RuleSet(string disabled)
    {
        var all = RuleCatalog.BuiltIn();
        return new RuleSet(all).Without(CurrentRules.DisabledByDefault(disabled, [.. all.Select(r => r.Code)]));
    }

    /// <summary>
    /// The approved hashes, read when the rules are first needed (the hosts ask right after migrating, before they
    /// start). Blocking, once per process, in a factory that cannot await. A folder without assemblies needs no database.
    /// </summary>
    private static IReadOnlySet<string> ApprovedAssemblies(IServiceProvider provider, RuleFolder folder)
    {
        if (folder.Path is null || Directory.GetFiles(folder.Path, "*.dll").Length == 0)
        {
            return new HashSet<string>();
        }

        using var db = provider.GetRequiredService<IDbContextFactory<PrisonDb>>().CreateDbContext();
        try
        {
            return db.RuleAssemblyApprovalsAsync().GetAwaiter().GetResult().Select(a => a.Sha256).ToHashSet(StringComparer.Ordinal);
        }
        catch (DbException error)
        {
            // Loading none would evaluate with fewer rules than approved, and record that rule set as the one in force.
            throw new StartupException($"Rules:Folder holds assemblies, but their approvals could not be read from the database (is it migrated? `worker migrate`): {error.Message}", error);
        }
    }

    private static TimeZoneInfo TimeZone(string id) =>
        TimeZoneInfo.TryFindSystemTimeZoneById(id, out var zone)
            ? zone
            : throw new StartupException($"Prison:TimeZone is '{id}', which is not a time zone this machine knows (use an IANA id such as America/New_York).");
}
