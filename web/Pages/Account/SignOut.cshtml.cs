using Microsoft.AspNetCore.Identity;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Prison.Db.Identity;
using Prison.Web.SignIn;

namespace Prison.Web.Pages.Account;

/// <summary>
/// Signing out is a form post (with its antiforgery token), so another site cannot sign a user out with a link; the
/// header's "Sign out" link opens this page's form.
/// </summary>
public sealed class SignOutModel(SignInManager<StaffUser> signIn) : PageModel
{
    public void OnGet()
    {
    }

    public async Task<IActionResult> OnPostAsync()
    {
        await signIn.SignOutAsync();
        return LocalRedirect(SignInPaths.SignIn);
    }
}
