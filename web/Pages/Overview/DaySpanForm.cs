using System.Globalization;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Prison.Db.Reads;
using Prison.Web.Forms;

namespace Prison.Web.Pages.Overview;

/// <summary>
/// The days the overview's charts show, bound from the query string (from, to) by the day binder, days written
/// 2026-11-27 (UTC days, as the figures are kept). Blank ends mean the last <see cref="DefaultDays"/> days to today.
/// </summary>
public sealed class DaySpanForm
{
    public const int DefaultDays = 90;

    /// <summary>A year, and a leap day.</summary>
    public const int MostDays = 366;

    [Unreadable("The start must be a day written as 2026-11-27.")]
    public DateOnly? From { get; set; }

    [Unreadable("The end must be a day written as 2026-11-27.")]
    public DateOnly? To { get; set; }

    /// <summary>The span read, or false with the reasons in <paramref name="errors"/>; a blank end is filled in.</summary>
    public bool TryValidate(DateOnly today, ModelStateDictionary errors, out (DateOnly First, DateOnly Last) span)
    {
        span = default;
        var to = To ?? (Unread(errors, nameof(To)) ? null : today);
        var from = From ?? (!Unread(errors, nameof(From)) && to is { } end ? end.AddDays(1 - DefaultDays) : null);
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

        From = from;
        To = to;
        span = (from!.Value, to!.Value);
        return true;
    }

    public static string Shown(DateOnly day) => day.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture);

    /// <summary>What an end's field shows: what was typed when it was refused, else the day read or filled in.</summary>
    public static string? FieldValue(ModelStateDictionary state, string key, DateOnly? day) =>
        state.ErrorOf(key) is not null ? state.TypedOf(key) : day is { } read ? Shown(read) : null;

    private static bool Unread(ModelStateDictionary errors, string key) => errors.ErrorOf(key) is not null;
}
