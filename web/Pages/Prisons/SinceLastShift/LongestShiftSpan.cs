namespace Prison.Web.Pages.Prisons.SinceLastShift;

/// <summary>
/// The longest span "Since last shift" reads (<c>SinceLastShift:LongestSpan</c>): a handover covers a shift or a few
/// days off or a fortnight's leave, not the whole history of a prison, which would list prisoners long gone.
/// </summary>
public sealed record LongestShiftSpan(TimeSpan Value)
{
    public const string Key = "SinceLastShift:LongestSpan";

    public static readonly TimeSpan Default = TimeSpan.FromDays(14);

    /// <summary>The most the setting may say: a month of leave.</summary>
    public static readonly TimeSpan Ceiling = TimeSpan.FromDays(31);

    public static LongestShiftSpan From(IConfiguration configuration)
    {
        var value = configuration.GetValue<TimeSpan?>(Key) ?? Default;
        return value >= ShiftSpanForm.DefaultSpan && value <= Ceiling
            ? new LongestShiftSpan(value)
            : throw new Prison.ServiceDefaults.StartupException(
                $"{Key} is {value}: it must be from {ShiftSpanForm.DefaultSpan} (the default span) to {Ceiling.Days}.00:00:00.");
    }

    /// <summary>In words, for the form's message: "7 days", "12 hours".</summary>
    public string InWords => Value.TotalDays >= 1 && Value.Ticks % TimeSpan.TicksPerDay == 0
        ? (Value.Days == 1 ? "1 day" : $"{Value.Days} days")
        : $"{Value.TotalHours:0.##} hours";
}
