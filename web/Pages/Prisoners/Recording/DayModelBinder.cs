using System.Globalization;
using Microsoft.AspNetCore.Mvc.ModelBinding;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>
/// Days as the forms ask for them, YYYY-MM-DD and nothing else: the framework's own binding reads a day in the
/// server's culture, where "03/04/2026" is a day in March to one reader and in April to another.
/// </summary>
public sealed class DayModelBinder : IModelBinder
{
    public Task BindModelAsync(ModelBindingContext bindingContext)
    {
        var posted = bindingContext.ValueProvider.GetValue(bindingContext.ModelName);
        if (posted == ValueProviderResult.None)
        {
            return Task.CompletedTask;
        }

        bindingContext.ModelState.SetModelValue(bindingContext.ModelName, posted);
        var text = posted.FirstValue?.Trim();
        var metadata = bindingContext.ModelMetadata;
        if (string.IsNullOrEmpty(text))
        {
            if (metadata.IsReferenceOrNullableType)
            {
                bindingContext.Result = ModelBindingResult.Success(null);
            }
            else
            {
                bindingContext.ModelState.TryAddModelError(bindingContext.ModelName, metadata.ModelBindingMessageProvider.ValueMustNotBeNullAccessor(posted.FirstValue ?? string.Empty));
            }
        }
        else if (DateOnly.TryParseExact(text, "yyyy-MM-dd", CultureInfo.InvariantCulture, DateTimeStyles.None, out var day))
        {
            bindingContext.Result = ModelBindingResult.Success(day);
        }
        else
        {
            bindingContext.ModelState.TryAddModelError(bindingContext.ModelName, metadata.ModelBindingMessageProvider.AttemptedValueIsInvalidAccessor(text, metadata.GetDisplayName()));
        }

        return Task.CompletedTask;
    }
}
