using Microsoft.AspNetCore.Identity;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Prison.Db;
using Prison.Db.Audit;
using Prison.Db.Identity;
using Prison.Web.SignIn;

namespace Prison.Web.Pages.Account;

/// <summary>
/// Signing out is a form post (with its antiforgery token), so another site cannot sign a user out with a link; the
/// header's "Sign out" link opens this page's form.
/// </summary>
public sealed class SignOutModel(SignInManager<StaffUser> signIn, PrisonDb db, EndedSessions endedSessions, TimeProvider clock) : PageModel
{
    public void OnGet()
    {
    }

    /// <summary>Ends the session on the server first: a copy of its cookie is refused from the next request on.</summary>
    public async Task<IActionResult> OnPostAsync()
    {
        if (SessionClaim.Of(User) is { } session)
        {
            var now = clock.GetUtcNow().UtcDateTime;
            await db.EndSessionAsync(session, SessionEnd.SignedOut, now, HttpContext.RequestAborted);
            endedSessions.Ended(session, now);
        }

        // Audited as the user who signs out: this request's principal stays theirs until it ends. Nobody signed in
        // (the page is open to all) has nothing to sign out of.
        if (User.Identity?.IsAuthenticated == true)
        {
            db.AuditEntries.Add(AuditEntry.SignedOut());
            await db.SaveChangesAsync(HttpContext.RequestAborted);
        }

        await signIn.SignOutAsync();
        return LocalRedirect(SignInPaths.SignIn);
    }
}
