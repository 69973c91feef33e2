using System.ComponentModel.DataAnnotations;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Prison.Db.History;
using Prison.Web.Forms;

namespace Prison.Web.Pages.Prisons.SinceLastShift;

/// <summary>
/// What "Since last shift" was asked for: a span in the prison's local time, bound from the query string (from, to,
/// became, ended) as the UTC instants it names (<see cref="PrisonLocalTimeModelBinder"/>), and where each group's page
/// starts. Blank ends mean the last <see cref="DefaultSpan"/>.
/// </summary>
public sealed class ShiftSpanForm
{
    /// <summary>A shift and a half: whoever comes on duty hears of what changed during the shift before theirs and its handover.</summary>
    public static readonly TimeSpan DefaultSpan = TimeSpan.FromHours(12);

    private const string DamagedLink = "This page's link is damaged: open the first page of the span again.";

    [ModelBinder(typeof(PrisonLocalTimeModelBinder))]
    [Display(Name = "start")]
    public DateTime? From { get; set; }

    [ModelBinder(typeof(PrisonLocalTimeModelBinder))]
    [Display(Name = "end")]
    public DateTime? To { get; set; }

    /// <summary>The cursor of the "became Dangerous" group's page; blank for its first page.</summary>
    [Unreadable(DamagedLink)]
    public HistoryCursor? Became { get; set; }

    /// <summary>The cursor of the "no longer Dangerous" group's page; blank for its first page.</summary>
    [Unreadable(DamagedLink)]
    public HistoryCursor? Ended { get; set; }

    /// <summary>
    /// The span in UTC, from its start (inclusive) to its end (exclusive), and the pages' cursors, once model binding has
    /// read the ends. A blank end is now, a blank start <see cref="DefaultSpan"/> before the end; both are then filled
    /// in, so the form shows what was read and the links to further pages keep the same span.
    /// </summary>
    /// <param name="longest">The longest span that may be read (<see cref="LongestShiftSpan"/>).</param>
    public bool TryValidate(DateTime nowUtc, LongestShiftSpan longest, ModelStateDictionary errors, out ShiftSpan span)
    {
        span = default!;
        // A blank end is the minute after now, so that every link of the span names it exactly.
        var to = To ?? (Unread(errors, nameof(To)) ? null : new DateTime((nowUtc.Ticks + TimeSpan.TicksPerMinute - 1) / TimeSpan.TicksPerMinute * TimeSpan.TicksPerMinute, DateTimeKind.Utc));
        var from = From ?? (Unread(errors, nameof(From)) ? null : (to ?? nowUtc) - DefaultSpan);
        if (from is { } start && to is { } end && end <= start)
        {
            errors.AddModelError(nameof(To), "The end must come after the start.");
        }
        else if (from is { } first && to is { } last && last - first > longest.Value)
        {
            errors.AddModelError(nameof(From), $"A span is at most {longest.InWords}: choose a later start or an earlier end.");
        }

        if (errors.ErrorCount > 0)
        {
            return false;
        }

        From = from;
        To = to;
        span = new ShiftSpan(from!.Value, to!.Value, Became, Ended);
        return true;
    }

    /// <summary>The query string of this span, with the given cursors: the links to each group's next page, and back to the first.</summary>
    public Dictionary<string, string> RouteValues(TimeZoneInfo zone, HistoryCursor? became, HistoryCursor? ended)
    {
        var values = new Dictionary<string, string>();
        foreach (var (name, value) in new[]
        {
            ("from", From is { } from ? PrisonLocalTimeModelBinder.Shown(from, zone) : null),
            ("to", To is { } to ? PrisonLocalTimeModelBinder.Shown(to, zone) : null),
            ("became", became?.ToString()),
            ("ended", ended?.ToString()),
        })
        {
            if (Blank(value) is { } text)
            {
                values[name] = text;
            }
        }

        return values;
    }

    private static bool Unread(ModelStateDictionary errors, string field) =>
        errors.GetFieldValidationState(field) == ModelValidationState.Invalid;

    private static string? Blank(string? text) => string.IsNullOrWhiteSpace(text) ? null : text.Trim();
}
