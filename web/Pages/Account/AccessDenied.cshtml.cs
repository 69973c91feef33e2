using Microsoft.AspNetCore.Mvc.RazorPages;

namespace Prison.Web.Pages.Account;

/// <summary>Where a signed-in user lands on a page their roles do not open: a 403, not a sign-in form.</summary>
public sealed class AccessDeniedModel : PageModel
{
    public void OnGet() => Response.StatusCode = StatusCodes.Status403Forbidden;
}
