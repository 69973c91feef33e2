using System.Globalization;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Prison.Db.History;
using Prison.Domain.Evaluation;

namespace Prison.Web.Pages.Prisons;

/// <summary>
/// What "Since last shift" was asked for: a span in the prison's local time, and where each group's page starts.
/// Kept as text, so that a refused span shows back what was typed, with a message beside it saying how to put it right.
/// Bound from the query string (from, to, became, ended); blank ends mean the last <see cref="DefaultSpan"/>.
/// </summary>
public sealed class ShiftSpanForm
{
    /// <summary>A shift and a half: whoever comes on duty hears of what changed during the shift before theirs and its handover.</summary>
    public static readonly TimeSpan DefaultSpan = TimeSpan.FromHours(12);

    /// <summary>As a datetime-local field writes it, and as the page shows it back.</summary>
    public const string Format = "yyyy-MM-dd'T'HH:mm";

    private static readonly string[] Accepted = [Format, "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd HH:mm", "yyyy-MM-dd HH:mm:ss"];

    public string? From { get; set; }

    public string? To { get; set; }

    /// <summary>The cursor of the "became Dangerous" group's page; blank for its first page.</summary>
    public string? Became { get; set; }

    /// <summary>The cursor of the "no longer Dangerous" group's page; blank for its first page.</summary>
    public string? Ended { get; set; }

    /// <summary>
    /// The span in UTC, from its start (inclusive) to its end (exclusive), and the pages' cursors. A blank end is now, a
    /// blank start <see cref="DefaultSpan"/> before the end; both are then filled in, so the form shows what was read and
    /// the links to further pages keep the same span.
    /// </summary>
    public bool TryValidate(PrisonCalendar calendar, DateTime nowUtc, ModelStateDictionary errors, out ShiftSpan span)
    {
        span = default!;
        var zone = calendar.TimeZone;
        // A blank end is the minute after now, so that every link of the span names it exactly.
        var to = Blank(To) is null ? new DateTime((nowUtc.Ticks + TimeSpan.TicksPerMinute - 1) / TimeSpan.TicksPerMinute * TimeSpan.TicksPerMinute, DateTimeKind.Utc)
            : Instant(To, nameof(To), "end", zone, errors);
        var from = Blank(From) is null ? (to ?? nowUtc) - DefaultSpan : Instant(From, nameof(From), "start", zone, errors);
        if (from is { } start && to is { } end && end <= start)
        {
            errors.AddModelError(nameof(To), "The end must come after the start.");
        }

        var becameOk = HistoryCursor.TryParse(Blank(Became), out var became) || Blank(Became) is null;
        var endedOk = HistoryCursor.TryParse(Blank(Ended), out var ended) || Blank(Ended) is null;
        if (!becameOk || !endedOk)
        {
            errors.AddModelError(string.Empty, "This page's link is damaged: open the first page of the span again.");
        }

        if (errors.ErrorCount > 0)
        {
            return false;
        }

        From = Local(from!.Value, zone);
        To = Local(to!.Value, zone);
        span = new ShiftSpan(from.Value, to.Value, became, ended);
        return true;
    }

    /// <summary>The query string of this span, with the given cursors: the links to each group's next page, and back to the first.</summary>
    public Dictionary<string, string> RouteValues(HistoryCursor? became, HistoryCursor? ended)
    {
        var values = new Dictionary<string, string>();
        foreach (var (name, value) in new[] { ("from", From), ("to", To), ("became", became?.ToString()), ("ended", ended?.ToString()) })
        {
            if (Blank(value) is { } text)
            {
                values[name] = text;
            }
        }

        return values;
    }

    private static DateTime? Instant(string? text, string field, string which, TimeZoneInfo zone, ModelStateDictionary errors)
    {
        if (!DateTime.TryParseExact(Blank(text), Accepted, CultureInfo.InvariantCulture, DateTimeStyles.None, out var local))
        {
            errors.AddModelError(field, $"Enter the {which} as YYYY-MM-DD HH:MM, in the prison's time ({zone.Id}).");
            return null;
        }

        if (zone.IsInvalidTime(local))
        {
            errors.AddModelError(field, $"{local:yyyy-MM-dd HH:mm} does not exist in {zone.Id}: the clocks went forward past it. Enter another time.");
            return null;
        }

        // An hour that happens twice (the clocks going back) is read as its first occurrence, the earlier instant.
        if (zone.IsAmbiguousTime(local))
        {
            var offset = zone.GetAmbiguousTimeOffsets(local).Max();
            return DateTime.SpecifyKind(local - offset, DateTimeKind.Utc);
        }

        return TimeZoneInfo.ConvertTimeToUtc(DateTime.SpecifyKind(local, DateTimeKind.Unspecified), zone);
    }

    private static string Local(DateTime utc, TimeZoneInfo zone) =>
        TimeZoneInfo.ConvertTimeFromUtc(utc, zone).ToString(Format, CultureInfo.InvariantCulture);

    private static string? Blank(string? text) => string.IsNullOrWhiteSpace(text) ? null : text.Trim();
}
