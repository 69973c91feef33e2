using Microsoft.AspNetCore.Identity;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Microsoft.AspNetCore.RateLimiting;
using Prison.Db;
using Prison.Db.Audit;
using Prison.Db.Identity;
using Prison.Web.SignIn;

namespace Prison.Web.Pages.Account;

/// <summary>
/// The second step of a sign-in with two factors, after the right password: the code of the user's authenticator app
/// or one of their recovery codes. Only this step signs in, so the session starts here. Wrong codes count towards the
/// account's lockout as wrong passwords do; posts are limited per address as the first step's are; every attempt is
/// audited.
/// </summary>
[EnableRateLimiting(SignInRateLimit.Policy)]
public sealed class TwoFactorSignInModel(SignInManager<StaffUser> signIn, PrisonDb db) : PageModel
{
    [BindProperty]
    public TwoFactorSignInForm Input { get; set; } = new();

    [BindProperty(SupportsGet = true)]
    public string? ReturnUrl { get; set; }

    /// <summary>Only between the two steps: anyone else starts with the password.</summary>
    public async Task<IActionResult> OnGetAsync() =>
        await signIn.GetTwoFactorAuthenticationUserAsync() is null ? BackToFirstStep() : Page();

    public async Task<IActionResult> OnPostAsync()
    {
        if (await signIn.GetTwoFactorAuthenticationUserAsync() is not { } user)
        {
            return BackToFirstStep();
        }

        if (!ModelState.IsValid)
        {
            return Page();
        }

        var typed = new string([.. Input.Code.Where(c => !char.IsWhiteSpace(c))]);
        var authenticatorCode = typed.Replace("-", string.Empty, StringComparison.Ordinal);
        var isAuthenticatorCode = authenticatorCode.Length == 6 && authenticatorCode.All(char.IsAsciiDigit);
        var result = isAuthenticatorCode
            ? await signIn.TwoFactorAuthenticatorSignInAsync(authenticatorCode, isPersistent: false, rememberClient: false)
            : await signIn.TwoFactorRecoveryCodeSignInAsync(typed.ToUpperInvariant());

        var name = user.UserName!;
        if (result.Succeeded)
        {
            var how = isAuthenticatorCode
                ? "with an authenticator code"
                : $"with a recovery code ({await signIn.UserManager.CountRecoveryCodesAsync(user)} left)";
            await AuditAsync(AuditEntry.SignedIn(name, how), user);
            return LocalRedirect(ReturnUrl is { } url && Url.IsLocalUrl(url) ? url : "/");
        }

        await AuditAsync(AuditEntry.SignInFailed(name, name.Length, result.IsLockedOut ? "locked out" : result.IsNotAllowed ? "not allowed" : isAuthenticatorCode ? "wrong authenticator code" : "wrong recovery code"), user);
        ModelState.AddModelError(string.Empty, result.IsLockedOut
            ? $"This account is locked after {StaffIdentity.MaxFailedSignIns} wrong passwords or codes. Try again in {StaffIdentity.LockoutTime.TotalMinutes:0} minutes, or ask an admin to reset the password."
            : "That code is wrong, or too old: type the code your app shows now, or an unused recovery code.");
        // A code is used once: not shown back.
        ModelState.SetModelValue($"{nameof(Input)}.{nameof(Input.Code)}", string.Empty, string.Empty);
        return Page();
    }

    private RedirectToPageResult BackToFirstStep() => RedirectToPage("/Account/SignIn", new { ReturnUrl });

    private async Task AuditAsync(AuditEntry entry, StaffUser user)
    {
        // Identity has saved the user's changes, or failed to (a concurrent attempt changed the row first): the entry
        // is saved alone, not with a retry of those.
        db.ChangeTracker.Clear();
        db.AuditEntries.Add(await db.ConcerningAccountAsync(entry, user, HttpContext.RequestAborted));
        await db.SaveChangesAsync(HttpContext.RequestAborted);
    }
}
