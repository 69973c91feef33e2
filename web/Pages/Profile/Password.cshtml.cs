using Microsoft.AspNetCore.Identity;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Prison.Db.Identity;
using Prison.Web.SignIn;

namespace Prison.Web.Pages.Profile;

/// <summary>
/// A signed-in user changes their own password, knowing the current one. Every session of theirs ends, in other
/// browsers too (someone who knew the old password may be signed in); this browser goes on in a new session. Wrong
/// current passwords count toward the lockout as at the sign-in form: the one that locks the account signs out.
/// </summary>
[RequestFormLimits(ValueLengthLimit = Account.SignInForm.MaxField, ValueCountLimit = Account.SignInForm.MaxFields)]
public sealed class PasswordModel(StaffAccounts accounts, StaffUserManager users, SignInManager<StaffUser> signIn, EndedSessions endedSessions, TimeProvider clock) : PageModel
{
    [BindProperty]
    public PasswordForm Input { get; set; } = new();

    public bool Changed { get; private set; }

    public void OnGet(bool changed = false) => Changed = changed;

    public async Task<IActionResult> OnPostAsync()
    {
        if (!ModelState.IsValid)
        {
            return Cleared();
        }

        var name = User.Identity?.Name ?? throw new InvalidOperationException("The page needs a signed-in user: the fallback policy sends anyone else to sign in.");
        var result = await accounts.ChangeOwnPasswordAsync(name, Input.CurrentPassword, Input.NewPassword, HttpContext.RequestAborted);
        if (result.Errors.Any(e => e.Code == StaffAccounts.LockedOutError))
        {
            // Every session of the user ended with the lockout: this one's cookie goes too.
            if (SessionClaim.Of(User) is { } session)
            {
                endedSessions.Ended(session, clock.GetUtcNow().UtcDateTime);
            }

            await signIn.SignOutAsync();
            return LocalRedirect(SignInPaths.SignIn);
        }

        if (!result.Succeeded)
        {
            foreach (var error in result.Errors)
            {
                ModelState.AddModelError(
                    error.Code == nameof(IdentityErrorDescriber.PasswordMismatch) ? $"{nameof(Input)}.{nameof(PasswordForm.CurrentPassword)}" : $"{nameof(Input)}.{nameof(PasswordForm.NewPassword)}",
                    error.Code == nameof(IdentityErrorDescriber.PasswordMismatch) ? "The current password is wrong." : error.Description);
            }

            return Cleared();
        }

        // Every session of the user ended with the change: this browser goes on in a new one, with the new security stamp.
        var user = await users.FindByNameAsync(name) ?? throw new InvalidOperationException("The user signed in a moment ago has no account.");
        await signIn.SignInAsync(user, isPersistent: false);
        return RedirectToPage(new { changed = true });
    }

    /// <summary>Passwords are never sent back to the browser, even in a rejected form.</summary>
    private PageResult Cleared()
    {
        Input = new PasswordForm();
        return Page();
    }
}
