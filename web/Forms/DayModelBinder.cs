using System.Globalization;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Prison.Web.Forms;

namespace Prison.Web.Forms;

/// <summary>
/// Days as the forms ask for them, YYYY-MM-DD and nothing else: the framework's own binding reads a day in the
/// server's culture, where "03/04/2026" is a day in March to one reader and in April to another.
/// </summary>
public sealed class DayModelBinder : TextModelBinder
{
    protected override void Read(ModelBindingContext bindingContext, string text)
    {
        if (DateOnly.TryParseExact(text, "yyyy-MM-dd", CultureInfo.InvariantCulture, DateTimeStyles.None, out var day))
        {
            bindingContext.Result = ModelBindingResult.Success(day);
        }
        else
        {
            var metadata = bindingContext.ModelMetadata;
            bindingContext.ModelState.TryAddModelError(bindingContext.ModelName, metadata.ModelBindingMessageProvider.AttemptedValueIsInvalidAccessor(text, metadata.GetDisplayName()));
        }
    }
}
