using Microsoft.AspNetCore.Mvc.ModelBinding;

namespace Prison.Web.Forms;

/// <summary>Binds every <see cref="DateOnly"/> with <see cref="DayModelBinder"/>.</summary>
public sealed class DayModelBinderProvider : IModelBinderProvider
{
    public IModelBinder? GetBinder(ModelBinderProviderContext context) =>
        context.Metadata.UnderlyingOrModelType == typeof(DateOnly) ? new DayModelBinder() : null;
}
