using Microsoft.AspNetCore.Identity;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Prison.Db;
using Prison.Db.Identity;

namespace Prison.Web.Pages.Profile;

/// <summary>
/// A signed-in user changes their own password, knowing the current one. Every session of theirs ends, in other
/// browsers too (someone who knew the old password may be signed in); this browser goes on in a new session.
/// </summary>
public sealed class PasswordModel(StaffUserManager users, SignInManager<StaffUser> signIn, PrisonDb db, TimeProvider clock) : PageModel
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

        var user = await users.GetUserAsync(User) ?? throw new InvalidOperationException("A signed-in user without an account: the session check signs such sessions out.");
        var result = await users.ChangePasswordAsync(user, Input.CurrentPassword, Input.NewPassword);
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

        await db.EndSessionsOfAsync(user.Id, SessionEnd.PasswordChanged, clock.GetUtcNow().UtcDateTime, HttpContext.RequestAborted);
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
