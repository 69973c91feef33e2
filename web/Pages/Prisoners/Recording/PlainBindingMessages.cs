using System.ComponentModel.DataAnnotations;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Microsoft.AspNetCore.Mvc.ModelBinding.Metadata;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>
/// Model binding's own messages ("The value 'x' is not valid for Date.") replaced, property by property, with the
/// words of the property's <see cref="UnreadableAttribute"/>, or else of its <see cref="RequiredAttribute"/>: staff
/// who typed a value the form cannot read are told what to type, as when they typed nothing.
/// </summary>
public sealed class PlainBindingMessages : IBindingMetadataProvider
{
    public void CreateBindingMetadata(BindingMetadataProviderContext context)
    {
        if (context.Key.MetadataKind != ModelMetadataKind.Property)
        {
            return;
        }

        var message = context.Attributes.OfType<UnreadableAttribute>().FirstOrDefault()?.Message
            ?? context.Attributes.OfType<RequiredAttribute>().FirstOrDefault()?.ErrorMessage;
        if (message is null)
        {
            return;
        }

        var messages = context.BindingMetadata.ModelBindingMessageProvider is DefaultModelBindingMessageProvider given
            ? new DefaultModelBindingMessageProvider(given)
            : new DefaultModelBindingMessageProvider();
        messages.SetAttemptedValueIsInvalidAccessor((_, _) => message);
        messages.SetValueIsInvalidAccessor(_ => message);
        messages.SetValueMustNotBeNullAccessor(_ => message);
        messages.SetMissingBindRequiredValueAccessor(_ => message);
        messages.SetUnknownValueIsInvalidAccessor(_ => message);
        context.BindingMetadata.ModelBindingMessageProvider = messages;
    }
}
