namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>What model binding needs for the recording forms: days as YYYY-MM-DD, and messages in the forms' own words.</summary>
public static class RecordingSetup
{
    public static IMvcBuilder AddRecordingForms(this IMvcBuilder mvc) =>
        mvc.AddMvcOptions(options =>
        {
            options.ModelBinderProviders.Insert(0, new DayModelBinderProvider());
            options.ModelMetadataDetailsProviders.Add(new PlainBindingMessages());
        });
}
