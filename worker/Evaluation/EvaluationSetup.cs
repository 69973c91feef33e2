using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Prison.Domain.Evaluation;
using Prison.Worker.Hosting;

namespace Prison.Worker.Evaluation;

public static class EvaluationSetup
{
    /// <summary>Rule 35 ships disabled: on an arrivals dashboard it would mark every row Dangerous (RULES.md).</summary>
    public const string ShippedDisabledRules = "ArrivedInLast7Days";

    public static IServiceCollection AddPrisonEvaluation(this IServiceCollection services, IConfiguration configuration)
    {
        var calendar = new PrisonCalendar(TimeZone(configuration["Prison:TimeZone"] ?? "America/New_York"));
        var all = RuleAssemblies.Discover(configuration["Rules:Folder"]);
        var disabledByDefault = CurrentRules.DisabledByDefault(configuration["Rules:Disabled"] ?? ShippedDisabledRules, all);
        services.AddSingleton(calendar);
        services.AddSingleton(provider => new CurrentRules(all, disabledByDefault, calendar, provider.GetRequiredService<ILogger<CurrentRules>>()));

        // Whoever asks gets the rule set held now: it changes when an admin applies a setting.
        services.AddTransient(provider => provider.GetRequiredService<CurrentRules>().RuleSet);
        services.AddTransient(provider => provider.GetRequiredService<CurrentRules>().Evaluator);
        services.AddScoped<PrisonerReevaluation>();
        services.AddScoped<RuleChanges>();
        services.AddHostedService<RuleSetStartup>();
        return services;
    }

    /// <summary>Every built-in rule except the disabled ones, given as codes separated by commas.</summary>
    public static RuleSet RuleSet(string disabled)
    {
        var all = RuleCatalog.BuiltIn();
        return new RuleSet(all).Without(CurrentRules.DisabledByDefault(disabled, all));
    }

    private static TimeZoneInfo TimeZone(string id) =>
        TimeZoneInfo.TryFindSystemTimeZoneById(id, out var zone)
            ? zone
            : throw new StartupException($"Prison:TimeZone is '{id}', which is not a time zone this machine knows (use an IANA id such as America/New_York).");
}
