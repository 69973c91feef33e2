using System.Globalization;
using System.Text.RegularExpressions;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Prison.Db.Audit;
using Prison.Db.Reads;
using Prison.Domain.Evaluation;

namespace Prison.Web.Pages.Admin.Audit;

/// <summary>
/// The audit page's filters as typed in the query string. Kept as text, so that a refused filter shows back what
/// was typed, with a message next to it saying how to put it right.
/// </summary>
public sealed partial class AuditFilterForm
{
    /// <summary>Far beyond any real log; keeps the offset of a typed page number from overflowing.</summary>
    public const int MaxPage = 1_000_000;

    public string? User { get; set; }

    /// <summary>The user an act was done to (added, given roles, disabled...), where <see cref="User"/> is who did it.</summary>
    public string? About { get; set; }

    public string? Prisoner { get; set; }

    /// <summary>The kind of entry, by its name (<see cref="AuditAction"/>): "DashboardViewed", "OutOfReach"...</summary>
    public string? Kind { get; set; }

    public string? From { get; set; }

    public string? To { get; set; }

    public string? Page { get; set; }

    /// <summary>The read the filters ask for; the days are the prison's calendar days, from the start of the first to the end of the last.</summary>
    public bool TryValidate(PrisonCalendar calendar, ModelStateDictionary errors, out AuditFilter filter)
    {
        filter = new AuditFilter();
        var user = Blank(User);
        if (user?.Length > AuditEntry.MaxUserName)
        {
            errors.AddModelError(nameof(User), $"Keep the user name under {AuditEntry.MaxUserName} characters.");
        }

        var about = Blank(About);
        if (about?.Length > AuditEntry.MaxUserName)
        {
            errors.AddModelError(nameof(About), $"Keep the user name under {AuditEntry.MaxUserName} characters.");
        }

        var prisoner = Blank(Prisoner);
        if (prisoner is not null && !PrisonerNumber().IsMatch(prisoner))
        {
            errors.AddModelError(nameof(Prisoner), "Enter a prisoner number: letters and digits only, at most 32.");
        }

        AuditAction? action = null;
        if (Blank(Kind) is { } kind)
        {
            if (Enum.TryParse<AuditAction>(kind, ignoreCase: true, out var parsed) && Enum.IsDefined(parsed) && !char.IsDigit(kind[0]) && kind[0] != '-')
            {
                action = parsed;
            }
            else
            {
                errors.AddModelError(nameof(Kind), "Choose a kind of entry from the list.");
            }
        }

        var from = Day(From, nameof(From), "first", errors);
        var to = Day(To, nameof(To), "last", errors);
        if (from is not null && to is not null && to < from)
        {
            errors.AddModelError(nameof(To), "The last day cannot be before the first day.");
        }

        var page = 1;
        if (Blank(Page) is { } typed && (!int.TryParse(typed, NumberStyles.None, CultureInfo.InvariantCulture, out page) || page is < 1 or > MaxPage))
        {
            errors.AddModelError(nameof(Page), $"The page is a whole number from 1 to {MaxPage:N0}.");
        }

        if (errors.ErrorCount > 0)
        {
            return false;
        }

        filter = new AuditFilter(
            user,
            prisoner,
            from is { } first ? calendar.StartOfDayUtc(first) : null,
            to is { } last ? calendar.StartOfDayUtc(last.AddDays(1)) : null,
            page,
            about,
            action);
        return true;
    }

    /// <summary>The filters as query-string values, for the links to the next and previous pages.</summary>
    public Dictionary<string, string> RouteValues(int page)
    {
        var values = new Dictionary<string, string>();
        foreach (var (name, value) in new[] { ("user", User), ("about", About), ("prisoner", Prisoner), ("kind", Kind), ("from", From), ("to", To) })
        {
            if (Blank(value) is { } text)
            {
                values[name] = text;
            }
        }

        values["p"] = page.ToString(CultureInfo.InvariantCulture);
        return values;
    }

    /// <summary>The filters in words, for the audit entry that records this reading of the log: "user alice, page 2".</summary>
    public string Describe()
    {
        var parts = new List<string>();
        foreach (var (name, value) in new[] { ("user", User), ("about user", About), ("prisoner", Prisoner), ("kind", Kind), ("from", From), ("to", To), ("page", Page) })
        {
            if (Blank(value) is { } text)
            {
                parts.Add($"{name} {text}");
            }
        }

        return string.Join(", ", parts);
    }

    private static DateOnly? Day(string? text, string field, string which, ModelStateDictionary errors)
    {
        if (Blank(text) is not { } typed)
        {
            return null;
        }

        if (DateOnly.TryParseExact(typed, "yyyy-MM-dd", CultureInfo.InvariantCulture, DateTimeStyles.None, out var day))
        {
            return day;
        }

        errors.AddModelError(field, $"Enter the {which} day as YYYY-MM-DD.");
        return null;
    }

    private static string? Blank(string? text) => string.IsNullOrWhiteSpace(text) ? null : text.Trim();

    [GeneratedRegex("^[A-Za-z0-9]{1,32}$")]
    private static partial Regex PrisonerNumber();
}
