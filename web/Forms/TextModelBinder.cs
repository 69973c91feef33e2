using Microsoft.AspNetCore.Mvc.ModelBinding;

namespace Prison.Web.Forms;

/// <summary>
/// A value typed as text and read in one fixed form, whatever the server's culture: what was typed is kept in the model
/// state (a refused form shows it back), a blank field is no value (or, for a type that cannot be null, the field's
/// "must not be empty" message), and anything else is for <see cref="Read"/>.
/// </summary>
public abstract class TextModelBinder : IModelBinder
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
        if (!string.IsNullOrEmpty(text))
        {
            Read(bindingContext, text);
        }
        else if (metadata.IsReferenceOrNullableType)
        {
            bindingContext.Result = ModelBindingResult.Success(null);
        }
        else
        {
            bindingContext.ModelState.TryAddModelError(bindingContext.ModelName, metadata.ModelBindingMessageProvider.ValueMustNotBeNullAccessor(posted.FirstValue ?? string.Empty));
        }

        return Task.CompletedTask;
    }

    /// <summary>Sets the binding's result from <paramref name="text"/> (trimmed, not blank), or adds the field's error.</summary>
    protected abstract void Read(ModelBindingContext bindingContext, string text);
}
