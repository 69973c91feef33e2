using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
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
        var ruleSet = RuleSet(configuration["Rules:Disabled"] ?? ShippedDisabledRules);
        services.AddSingleton(calendar);
        services.AddSingleton(ruleSet);
        services.AddSingleton(new DangerEvaluator(ruleSet, calendar));
        services.AddScoped<PrisonerReevaluation>();
        return services;
    }

    /// <summary>Every built-in rule except the disabled ones, given as codes separated by commas.</summary>
    public static RuleSet RuleSet(string disabled)
    {
        var all = RuleCatalog.BuiltIn();
        var codes = disabled.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        var unknown = codes.Where(c => all.All(r => r.Code != c)).ToList();
        if (unknown.Count > 0)
        {
            throw new StartupException($"Rules:Disabled names {string.Join(", ", unknown)}, which no rule has as its code. The codes are: {string.Join(", ", all.Select(r => r.Code))}.");
        }

        return new RuleSet(all).Without(codes);
    }

    private static TimeZoneInfo TimeZone(string id) =>
        TimeZoneInfo.TryFindSystemTimeZoneById(id, out var zone)
            ? zone
            : throw new StartupException($"Prison:TimeZone is '{id}', which is not a time zone this machine knows (use an IANA id such as America/New_York).");
}
