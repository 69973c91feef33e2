using Microsoft.AspNetCore.Mvc.ModelBinding;

namespace Prison.Web.Forms;

/// <summary>
/// A kind, status or other enum value by its name, in any case ("Dangerous", "dangerous"): the framework's own binding
/// also takes numbers ("1"), which no list offers and no link carries.
/// </summary>
public sealed class EnumNameModelBinder : TextModelBinder
{
    protected override void Read(ModelBindingContext bindingContext, string text)
    {
        var metadata = bindingContext.ModelMetadata;
        var type = metadata.UnderlyingOrModelType;
        var value = Enum.GetNames(type).FirstOrDefault(name => string.Equals(name, text, StringComparison.OrdinalIgnoreCase));
        if (value is not null)
        {
            bindingContext.Result = ModelBindingResult.Success(Enum.Parse(type, value));
        }
        else
        {
            bindingContext.ModelState.TryAddModelError(bindingContext.ModelName, metadata.ModelBindingMessageProvider.AttemptedValueIsInvalidAccessor(text, metadata.GetDisplayName()));
        }
    }
}
