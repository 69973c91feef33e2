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
/// The sign-in form. Five wrong passwords lock the account for 15 minutes; posts from one address are limited per
/// minute (<see cref="SignInRateLimit"/>); every attempt is audited. For a user with two factors on, the right password
/// leads to the second step (<see cref="TwoFactorSignInModel"/>), which alone signs in and is audited there.
/// </summary>
[EnableRateLimiting(SignInRateLimit.Policy)]
[RequestSizeLimit(SignInForm.MaxPost)]
[RequestFormLimits(ValueLengthLimit = SignInForm.MaxField, ValueCountLimit = SignInForm.MaxFields)]
public sealed class SignInModel(SignInManager<StaffUser> signIn, PrisonDb db) : PageModel
{
    [BindProperty]
    public SignInForm Input { get; set; } = new();

    [BindProperty(SupportsGet = true)]
    public string? ReturnUrl { get; set; }

    public void OnGet()
    {
    }

    public async Task<IActionResult> OnPostAsync()
    {
        if (!ModelState.IsValid)
        {
            return Page();
        }

        var userName = Input.UserName.Trim();
        var result = await signIn.PasswordSignInAsync(userName, Input.Password, isPersistent: false, lockoutOnFailure: true);
        if (result.RequiresTwoFactor)
        {
            return RedirectToPage("/Account/TwoFactorSignIn", new { ReturnUrl });
        }

        await AuditAsync(userName, result);
        if (result.Succeeded)
        {
            return LocalRedirect(ReturnUrl is { } url && Url.IsLocalUrl(url) ? url : "/");
        }

        ModelState.AddModelError(string.Empty, result.IsLockedOut
            ? $"This account is locked after {StaffIdentity.MaxFailedSignIns} wrong passwords. Try again in {StaffIdentity.LockoutTime.TotalMinutes:0} minutes, or ask an admin to reset the password."
            // A disabled account is not told apart from a wrong password, so the form does not confirm which names exist.
            : "The name or the password is wrong, or the account is disabled.");
        Input.Password = string.Empty;
        return Page();
    }

    /// <summary>
    /// Under the account's name, concerning its prisons; a name no account has is not recorded, only its length (it is
    /// often a password typed into the wrong field), and the entry is headquarters' to read.
    /// </summary>
    private async Task AuditAsync(string userName, Microsoft.AspNetCore.Identity.SignInResult result)
    {
        var account = userName.Length <= UserNames.MaxLength ? await signIn.UserManager.FindByNameAsync(userName) : null;
        var entry = result.Succeeded
            ? AuditEntry.SignedIn(account?.UserName ?? userName)
            : AuditEntry.SignInFailed(account?.UserName, userName.Length, result.IsLockedOut ? "locked out" : result.IsNotAllowed ? "not allowed" : "wrong name or password, or disabled");
        db.AuditEntries.Add(await db.ConcerningAccountAsync(entry, account, HttpContext.RequestAborted));
        await db.SaveChangesAsync(HttpContext.RequestAborted);
    }
}
