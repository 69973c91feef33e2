using System.ComponentModel.DataAnnotations;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Prison.Db;
using Prison.Db.Identity;
using Prison.Db.RuleSettings;
using Prison.Domain.Evaluation;
using Prison.Web.Forms;
using Prison.Runtime.Evaluation;

namespace Prison.Web.Pages.Admin.Rules;

/// <summary>
/// Enabling or disabling one rule: a reason, a preview of how many prisoners would change, then Apply. A disable is
/// previewed from the stored verdicts in one statement; an enable evaluates the rule over everyone in the background.
/// Only an admin of every prison changes the rule set (<see cref="RuleChanges"/> refuses anyone else, audited); another
/// admin sees the rule read-only, and a preview, which counts prisoners of every prison, is refused them too.
/// </summary>
public sealed class ChangeModel(PrisonDb db, CurrentRules rules, EnablePreviews previews, RuleChanges changes, ActorReach reach) : PageModel
{
    public DangerRule Rule { get; private set; } = null!;

    /// <summary>Whether the rule is enabled now; the change offered is the opposite.</summary>
    public bool Enabled { get; private set; }

    [BindProperty]
    [Display(Name = "Reason")]
    [Required(ErrorMessage = "Give a reason for the change.")]
    [StringLength(MaxReason, ErrorMessage = "Keep the reason under {1} characters.")]
    public string? Reason { get; set; }

    public const int MaxReason = 1000;

    /// <summary>Prisoners that would become Not dangerous, once previewed.</summary>
    public int? WouldBecomeNotDangerous { get; private set; }

    /// <summary>Prisoners that would become Dangerous, once previewed.</summary>
    public int? WouldBecomeDangerous { get; private set; }

    public EnablePreview? Preview { get; private set; }

    /// <summary>Whether this admin reaches every prison, and so may change the rule set.</summary>
    public bool IsHeadquarters => reach.ReachesEveryPrison;

    /// <summary>The enable preview the page shows, named by its link.</summary>
    [BindProperty(SupportsGet = true, Name = "preview")]
    [Unreadable("This preview's link is damaged: preview the change again.")]
    public Guid? PreviewId { get; set; }

    public async Task<IActionResult> OnGetAsync(string code, CancellationToken cancellationToken)
    {
        if (!await LoadAsync(code, cancellationToken))
        {
            return NotFound();
        }

        if (PreviewId is { } id && previews.Find(id) is { } found && found.Code == code)
        {
            Preview = found;
            Reason = found.Reason;
            if (found is { Finished: true, Problem: null })
            {
                WouldBecomeNotDangerous = 0;
                WouldBecomeDangerous = found.WouldBecomeDangerous;
            }
        }

        return Page();
    }

    /// <summary>The enable preview's progress, polled by the page.</summary>
    public IActionResult OnGetProgress(string code, Guid preview) =>
        previews.Find(preview) is { } found && found.Code == code
            ? new JsonResult(new { total = found.Total, done = found.Done, wouldBecomeDangerous = found.WouldBecomeDangerous, finished = found.Finished, problem = found.Problem })
            : NotFound();

    public async Task<IActionResult> OnPostPreviewAsync(string code, CancellationToken cancellationToken)
    {
        if (!await LoadAsync(code, cancellationToken))
        {
            return NotFound();
        }

        try
        {
            await HeadquartersActs.EnsureAsync(db, reach, $"preview {(Enabled ? "disabling" : "enabling")} the rule {code}", cancellationToken);
        }
        catch (ChangeRefusedException refused)
        {
            return Refused(refused);
        }

        if (!ReasonGiven())
        {
            return Page();
        }

        if (!Enabled)
        {
            var started = previews.Start(Rule, Reason!.Trim());
            return RedirectToPage(new { code, preview = started.Id });
        }

        // Disabling cannot make anyone Dangerous; it clears those for whom this rule alone fired.
        WouldBecomeNotDangerous = await db.DangerousOnlyByAsync(code, cancellationToken);
        WouldBecomeDangerous = 0;
        return Page();
    }

    public async Task<IActionResult> OnPostApplyAsync(string code, CancellationToken cancellationToken)
    {
        if (!await LoadAsync(code, cancellationToken))
        {
            return NotFound();
        }

        // Anyone else is refused by the change itself, reason or not.
        if (IsHeadquarters && !ReasonGiven())
        {
            return Page();
        }

        AppliedRuleChange applied;
        try
        {
            applied = await changes.ApplyAsync(code, enable: !Enabled, Reason!, db.ActorName, cancellationToken);
        }
        catch (ChangeRefusedException refused)
        {
            return Refused(refused);
        }

        TempData[nameof(IndexModel.Message)] =
            $"{code} is now {(applied.Setting.Enabled ? "enabled" : "disabled")}. Rule set {applied.RuleSet.Id} is in force; " +
            (applied.Run.Joined ? "the re-evaluation already going continues with it." : "everyone is being evaluated again.");
        return RedirectToPage("Index");
    }

    private PageResult Refused(ChangeRefusedException refused)
    {
        ModelState.AddRefusal(refused, ReasonField);
        var page = Page();
        page.StatusCode = ChangeRefusals.StatusOf(refused);
        return page;
    }

    /// <summary>The field given for the reason <see cref="RuleChanges.ApplyAsync"/> may refuse.</summary>
    private static readonly IReadOnlyDictionary<string, string> ReasonField = new Dictionary<string, string> { ["reason"] = nameof(Reason) };

    private async Task<bool> LoadAsync(string code, CancellationToken cancellationToken)
    {
        if (rules.Find(code) is not { } rule)
        {
            return false;
        }

        Rule = rule;
        var setting = (await db.RuleSettingsAsync(cancellationToken)).FirstOrDefault(s => s.Code == code);
        Enabled = setting?.Enabled ?? rules.IsEnabledByDefault(code);
        return true;
    }

    /// <summary>Whether the reason was given, within its length (the attributes on <see cref="Reason"/> say so).</summary>
    private bool ReasonGiven() => ModelState.IsValid;
}
