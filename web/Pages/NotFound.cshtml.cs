using Microsoft.AspNetCore.Diagnostics;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;

namespace Prison.Web.Pages;

/// <summary>
/// The page every empty error response is re-executed to, with the request's own method: a refused form post
/// arrives here as a POST, so this page must not ask for the antiforgery token the post lacked, and must keep
/// the status it was given rather than call every refusal "not found".
/// </summary>
[IgnoreAntiforgeryToken]
public sealed class NotFoundModel : PageModel
{
    public int Status { get; private set; } = StatusCodes.Status404NotFound;

    public void OnGet() => Keep();

    public void OnPost() => Keep();

    private void Keep()
    {
        Status = HttpContext.Features.Get<IStatusCodeReExecuteFeature>()?.OriginalStatusCode ?? StatusCodes.Status404NotFound;
        Response.StatusCode = Status;
    }
}
