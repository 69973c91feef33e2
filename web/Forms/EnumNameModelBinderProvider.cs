using Microsoft.AspNetCore.Mvc.ModelBinding;

namespace Prison.Web.Forms;

/// <summary>Binds every enum with <see cref="EnumNameModelBinder"/>.</summary>
public sealed class EnumNameModelBinderProvider : IModelBinderProvider
{
    public IModelBinder? GetBinder(ModelBinderProviderContext context) =>
        context.Metadata.UnderlyingOrModelType.IsEnum ? new EnumNameModelBinder() : null;
}
