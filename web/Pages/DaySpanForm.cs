using System.Globalization;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Prison.Db.Reads;

namespace Prison.Web.Pages;

/// <summary>
/// The days the overview's charts show, bound from the query string (from, to) as typed, days written 2026-11-27
/// (UTC days, as the figures are kept). Blank ends mean the last <see cref="DefaultDays"/> days to today.
/// </summary>
public sealed class DaySpanForm
{
    public const int DefaultDays = 90;

    /// <summary>A year, and a leap day.</summary>
    public const int MostDays = 366;

    public string? From { get; set; }

    public string? To { get; set; }

    /// <summary>The span read, or false with the reasons in <paramref name="errors"/>; a blank end is filled in.</summary>
    public bool TryValidate(DateOnly today, ModelStateDictionary errors, out (DateOnly First, DateOnly Last) span)
    {
        span = default;
        var to = Read(To, nameof(To), "end", errors) ?? (Blank(To) is null ? today : null);
        var from = Read(From, nameof(From), "start", errors) ?? (Blank(From) is null && to is { } end ? end.AddDays(1 - DefaultDays) : null);
        if (to is { } last && last > today)
        {
            errors.AddModelError(nameof(To), $"The end cannot be after today ({Shown(today)}).");
        }

        if (from is { } first && first < today.AddDays(-OverviewReads.FurthestBack))
        {
            errors.AddModelError(nameof(From), $"The start can be at most {OverviewReads.FurthestBack} days ago ({Shown(today.AddDays(-OverviewReads.FurthestBack))}).");
        }

        if (from is { } start && to is { } stop)
        {
            if (start > stop)
            {
                errors.AddModelError(nameof(From), "The start must not come after the end.");
            }
            else if (stop.DayNumber - start.DayNumber + 1 > MostDays)
            {
                errors.AddModelError(nameof(From), $"A chart shows at most {MostDays} days: move the start or the end.");
            }
        }

        if (errors.ErrorCount > 0)
        {
            return false;
        }

        From = Shown(from!.Value);
        To = Shown(to!.Value);
        span = (from.Value, to.Value);
        return true;
    }

    public static string Shown(DateOnly day) => day.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture);

    private static DateOnly? Read(string? text, string field, string name, ModelStateDictionary errors)
    {
        if (Blank(text) is not { } typed)
        {
            return null;
        }

        if (DateOnly.TryParseExact(typed, "yyyy-MM-dd", CultureInfo.InvariantCulture, DateTimeStyles.None, out var day))
        {
            return day;
        }

        errors.AddModelError(field, $"The {name} must be a day written as 2026-11-27.");
        return null;
    }

    private static string? Blank(string? text) => string.IsNullOrWhiteSpace(text) ? null : text.Trim();
}
