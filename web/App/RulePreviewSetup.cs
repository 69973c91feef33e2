using Prison.Web.Pages.Admin.Rules;

namespace Prison.Web.App;

/// <summary>The rules page's previews, kept between its pages for the admin who asked.</summary>
public static class RulePreviewSetup
{
    public static IServiceCollection AddRulesPage(this IServiceCollection services) => services.AddSingleton<EnablePreviews>();
}
