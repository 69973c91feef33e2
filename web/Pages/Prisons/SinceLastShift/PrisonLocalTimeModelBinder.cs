using System.Globalization;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Prison.Domain.Evaluation;
using Prison.Web.Forms;

namespace Prison.Web.Pages.Prisons.SinceLastShift;

/// <summary>
/// A minute as staff type it, in the prison's own time (<see cref="PrisonCalendar"/>), bound as the UTC instant it names:
/// YYYY-MM-DD HH:MM, with a T or a space between, seconds allowed, as a datetime-local field writes it. A time the
/// clocks skipped is refused; a time they went through twice is its first occurrence, the earlier instant. Messages
/// name the field by its display name.
/// </summary>
public sealed class PrisonLocalTimeModelBinder : TextModelBinder
{
    /// <summary>As a datetime-local field writes it, and as a page shows it back.</summary>
    public const string Format = "yyyy-MM-dd'T'HH:mm";

    private static readonly string[] Accepted = [Format, "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd HH:mm", "yyyy-MM-dd HH:mm:ss"];

    protected override void Read(ModelBindingContext bindingContext, string text)
    {
        var zone = bindingContext.HttpContext.RequestServices.GetRequiredService<PrisonCalendar>().TimeZone;
        var field = bindingContext.ModelMetadata.GetDisplayName();
        if (!DateTime.TryParseExact(text, Accepted, CultureInfo.InvariantCulture, DateTimeStyles.None, out var local))
        {
            bindingContext.ModelState.TryAddModelError(bindingContext.ModelName, $"Enter the {field} as YYYY-MM-DD HH:MM, in the prison's time ({zone.Id}).");
        }
        else if (zone.IsInvalidTime(local))
        {
            bindingContext.ModelState.TryAddModelError(bindingContext.ModelName, $"{local:yyyy-MM-dd HH:mm} does not exist in {zone.Id}: the clocks went forward past it. Enter another time.");
        }
        else
        {
            bindingContext.Result = ModelBindingResult.Success(ToUtc(local, zone));
        }
    }

    /// <summary>The instant in UTC, shown in the prison's time as <see cref="Format"/>.</summary>
    public static string Shown(DateTime utc, TimeZoneInfo zone) =>
        TimeZoneInfo.ConvertTimeFromUtc(utc, zone).ToString(Format, CultureInfo.InvariantCulture);

    private static DateTime ToUtc(DateTime local, TimeZoneInfo zone)
    {
        if (zone.IsAmbiguousTime(local))
        {
            var offset = zone.GetAmbiguousTimeOffsets(local).Max();
            return DateTime.SpecifyKind(local - offset, DateTimeKind.Utc);
        }

        return TimeZoneInfo.ConvertTimeToUtc(DateTime.SpecifyKind(local, DateTimeKind.Unspecified), zone);
    }
}
