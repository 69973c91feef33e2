using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Prison.Db;
using Prison.Db.Identity;
using Prison.Db.RuleSettings;
using Prison.Web.Forms;
using Prison.Runtime.Evaluation;

namespace Prison.Web.Pages.Admin.Rules;

/// <summary>
/// Every known rule with its setting and how many prisoners it fires for in the stored verdicts (one statement for all
/// rules), and the assemblies of the rules folder with their approvals. Only an admin of every prison changes either;
/// another admin sees the page read-only, and their posts are refused and audited where the change is made.
/// </summary>
public sealed class IndexModel(PrisonDb db, CurrentRules rules, RuleFolder folder, RuleAssemblyApprovals approvals, ActorReach reach) : PageModel
{
    public IReadOnlyList<RuleRow> Rows { get; private set; } = [];

    public IReadOnlyList<RuleAssemblyRow> Assemblies { get; private set; } = [];

    public bool FolderConfigured => folder.Path is not null;

    public string? RuleSetInForce { get; private set; }

    /// <summary>Whether this admin reaches every prison, and so may change the rules and approve assemblies.</summary>
    public bool IsHeadquarters => reach.ReachesEveryPrison;

    [TempData]
    public string? Message { get; set; }

    public Task OnGetAsync(CancellationToken cancellationToken) => LoadAsync(cancellationToken);

    public Task<IActionResult> OnPostApproveAsync(string? sha256, CancellationToken cancellationToken) =>
        ChangeAsync(
            async () => await approvals.ApproveAsync(sha256 ?? string.Empty, cancellationToken)
                ? "Approved. Web and each worker load the assembly when they next start."
                : "That assembly was approved already.",
            cancellationToken);

    public Task<IActionResult> OnPostRevokeAsync(string? sha256, CancellationToken cancellationToken) =>
        ChangeAsync(
            async () => await approvals.RevokeAsync(sha256 ?? string.Empty, cancellationToken)
                ? "Approval revoked. Web and each worker leave the assembly out when they next start."
                : "That assembly had no approval.",
            cancellationToken);

    private async Task<IActionResult> ChangeAsync(Func<Task<string>> change, CancellationToken cancellationToken)
    {
        try
        {
            Message = await change();
            return RedirectToPage();
        }
        catch (ChangeRefusedException refused)
        {
            ModelState.AddRefusal(refused);
            await LoadAsync(cancellationToken);
            var page = Page();
            page.StatusCode = ChangeRefusals.StatusOf(refused);
            return page;
        }
    }

    private async Task LoadAsync(CancellationToken cancellationToken)
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
        if (FolderConfigured)
        {
            var approved = (await db.RuleAssemblyApprovalsAsync(cancellationToken)).ToDictionary(a => a.Sha256, StringComparer.Ordinal);
            var loaded = rules.LoadedAssemblies.Select(f => f.Sha256).ToHashSet(StringComparer.Ordinal);
            var files = folder.ReadNow();
            Assemblies =
            [
                .. files.Select(f => new RuleAssemblyRow(f.FileName, f.Sha256, f.RuleClasses, f.Problem, true, approved.GetValueOrDefault(f.Sha256), loaded.Contains(f.Sha256))),
                .. approved.Values.Where(a => files.All(f => f.Sha256 != a.Sha256))
                    .Select(a => new RuleAssemblyRow(a.FileName, a.Sha256, [.. a.Rules.Split(", ", StringSplitOptions.RemoveEmptyEntries)], null, false, a, loaded.Contains(a.Sha256))),
            ];
        }
    }
}
