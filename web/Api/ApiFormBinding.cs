using System.Globalization;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Controllers;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Microsoft.Extensions.Primitives;
using Prison.Web.Pages.Prisoners.Recording;

namespace Prison.Web.Api;

/// <summary>
/// MVC's own model binding and validation (what the recording page's <c>TryUpdateModelAsync</c> runs), over fields
/// that came as JSON: the same binders, the same validation attributes, the same messages. Never routed to.
/// </summary>
[NonController]
public sealed class ApiFormBinding : ControllerBase
{
    public static async Task BindAsync(HttpContext http, RecordForm form, Dictionary<string, StringValues> fields, ModelStateDictionary errors)
    {
        var binding = new ApiFormBinding { ControllerContext = new ControllerContext(new ActionContext(http, http.GetRouteData(), new ControllerActionDescriptor(), errors)) };
        await binding.TryUpdateModelAsync(form, form.GetType(), string.Empty, new FormValueProvider(BindingSource.Form, new FormCollection(fields), CultureInfo.InvariantCulture), _ => true);
    }
}
