using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Filters;
using Microsoft.AspNetCore.Mvc.RazorPages;

namespace Prison.Web.SignIn;

/// <summary>
/// Before every handler of a page of a prison (<see cref="IPrisonPage"/>): its prison found within the user's reach, or
/// 404 after the out-of-reach audit; then input model binding refused answered 400: the page with its errors (unless
/// it shows them with its form, <see cref="IPrisonPage.RefusesUnboundInput"/>), or for a download (the Csv handler) the
/// first error as text.
/// </summary>
public sealed class PrisonPageFilter : IAsyncPageFilter
{
    private const string DownloadHandler = "Csv";

    public Task OnPageHandlerSelectionAsync(PageHandlerSelectedContext context) => Task.CompletedTask;

    public async Task OnPageHandlerExecutionAsync(PageHandlerExecutingContext context, PageHandlerExecutionDelegate next)
    {
        if (context.HandlerInstance is not (IPrisonPage page and PageModel model))
        {
            await next();
            return;
        }

        if (await PrisonInReach.FindAsync(context.HttpContext, context.HttpContext.RequestAborted) is not { } prison)
        {
            context.Result = new NotFoundResult();
            return;
        }

        page.Prison = prison;
        if (!context.ModelState.IsValid)
        {
            if (string.Equals(context.HandlerMethod?.Name, DownloadHandler, StringComparison.OrdinalIgnoreCase))
            {
                context.Result = new BadRequestObjectResult(context.ModelState.Values.SelectMany(entry => entry.Errors).First().ErrorMessage);
                return;
            }

            if (page.RefusesUnboundInput)
            {
                // Shown instead of what the page lists.
                context.HttpContext.Response.StatusCode = StatusCodes.Status400BadRequest;
                context.Result = model.Page();
                return;
            }
        }

        await next();
    }
}
