using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Prison.Db;
using Prison.Db.Rules;
using Prison.Web.Rules;
using Prison.Worker.Evaluation;

namespace Prison.Web.Pages.Admin.Rules;

/// <summary>Every known rule with its setting and how many prisoners it fires for in the stored verdicts (one statement for all rules).</summary>
public sealed class IndexModel(PrisonDb db, CurrentRules rules) : PageModel
{
    public IReadOnlyList<RuleRow> Rows { get; private set; } = [];

    public string? RuleSetInForce { get; private set; }

    [TempData]
    public string? Message { get; set; }

    public async Task OnGetAsync(CancellationToken cancellationToken)
    {
        var settings = (await db.RuleSettingsAsync(cancellationToken)).ToDictionary(s => s.Code, StringComparer.Ordinal);
        var counts = await db.FiringCountsAsync(cancellationToken);
        RuleSetInForce = await db.RuleSetInForceAsync(cancellationToken);
        Rows = rules.All
            .Select(rule => new RuleRow(
                rule,
                settings.TryGetValue(rule.Code, out var setting) ? setting.Enabled : rules.IsEnabledByDefault(rule.Code),
                setting,
                counts.GetValueOrDefault(rule.Code)))
            .ToList();
    }
}
