namespace Prison.Web.Forms;

/// <summary>
/// What model binding needs for every form and query string: days as YYYY-MM-DD, kinds and statuses by their names,
/// and messages in the forms' own words.
/// </summary>
public static class FormsSetup
{
    public static IMvcBuilder AddForms(this IMvcBuilder mvc) =>
        mvc.AddMvcOptions(options =>
        {
            options.ModelBinderProviders.Insert(0, new DayModelBinderProvider());
            options.ModelBinderProviders.Insert(1, new EnumNameModelBinderProvider());
            options.ModelMetadataDetailsProviders.Add(new PlainBindingMessages());
        });
}
