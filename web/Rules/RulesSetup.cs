namespace Prison.Web.Rules;

public static class RulesSetup
{
    public static IServiceCollection AddRulesPage(this IServiceCollection services) => services.AddSingleton<EnablePreviews>();
}
