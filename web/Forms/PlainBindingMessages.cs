using System.ComponentModel.DataAnnotations;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Microsoft.AspNetCore.Mvc.ModelBinding.Metadata;

namespace Prison.Web.Forms;

/// <summary>
/// Model binding's own messages ("The value 'x' is not valid for Date.") replaced, property by property, with the
/// words of the property's <see cref="UnreadableAttribute"/>, or else of its <see cref="RequiredAttribute"/>: whoever
/// typed a value that cannot be read is told what to type, as when they typed nothing.
/// </summary>
public sealed class PlainBindingMessages : IBindingMetadataProvider
{
    public void CreateBindingMetadata(BindingMetadataProviderContext context)
    {
        if (context.Key.MetadataKind != ModelMetadataKind.Property)
        {
            return;
        }

        var unreadable = context.Attributes.OfType<UnreadableAttribute>().FirstOrDefault();
        var required = context.Attributes.OfType<RequiredAttribute>().FirstOrDefault()?.ErrorMessage;
        if (unreadable is null && required is null)
        {
            return;
        }

        string About(string? typed) => unreadable?.About(typed) ?? required!;
        var messages = context.BindingMetadata.ModelBindingMessageProvider is DefaultModelBindingMessageProvider given
            ? new DefaultModelBindingMessageProvider(given)
            : new DefaultModelBindingMessageProvider();
        messages.SetAttemptedValueIsInvalidAccessor((typed, _) => About(typed));
        messages.SetValueIsInvalidAccessor(About);
        messages.SetValueMustNotBeNullAccessor(About);
        messages.SetMissingBindRequiredValueAccessor(_ => About(null));
        messages.SetUnknownValueIsInvalidAccessor(_ => About(null));
        context.BindingMetadata.ModelBindingMessageProvider = messages;
    }
}
