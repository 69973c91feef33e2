using System.ComponentModel.DataAnnotations;
using System.Globalization;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Prison.Db.Audit;
using Prison.Db.Reads;
using Prison.Domain.Evaluation;
using Prison.Web.Forms;

namespace Prison.Web.Pages.Admin.Audit;

/// <summary>
/// The audit page's filters, bound from the query string (user, about, prisoner, kind, from, to, p) so that the links
/// stay short. The page number is "p": Razor Pages keeps "page" for the page's own path.
/// </summary>
public sealed class AuditFilterForm : IValidatableObject
{
    /// <summary>Far beyond any real log; keeps the offset of a typed page number from overflowing.</summary>
    public const int MaxPage = 1_000_000;

    private const string UserNameTooLong = "Keep the user name under {1} characters.";

    private const string PageRange = "The page is a whole number from 1 to 1,000,000.";

    /// <summary>The query-string name of <see cref="Page"/>, and its key in the model state.</summary>
    public const string PageKey = "p";

    [StringLength(AuditEntry.MaxUserName, ErrorMessage = UserNameTooLong)]
    public string? User { get; set; }

    /// <summary>The user an act was done to (added, given roles, disabled...), where <see cref="User"/> is who did it.</summary>
    [StringLength(AuditEntry.MaxUserName, ErrorMessage = UserNameTooLong)]
    public string? About { get; set; }

    [RegularExpression(@"^\s*[A-Za-z0-9]{1,32}\s*$", ErrorMessage = "Enter a prisoner number: letters and digits only, at most 32.")]
    public string? Prisoner { get; set; }

    /// <summary>The kind of entry, by its name: "DashboardViewed", "OutOfReach"...</summary>
    [Unreadable("Choose a kind of entry from the list.")]
    public AuditAction? Kind { get; set; }

    [Unreadable("Enter the first day as YYYY-MM-DD.")]
    public DateOnly? From { get; set; }

    [Unreadable("Enter the last day as YYYY-MM-DD.")]
    public DateOnly? To { get; set; }

    [FromQuery(Name = PageKey)]
    [Unreadable(PageRange), Range(1, MaxPage, ErrorMessage = PageRange)]
    public int? Page { get; set; }

    /// <summary>The fields the form shows, in its order, by their keys in the model state (the page has no field: its links carry it).</summary>
    public static IReadOnlyList<string> Keys { get; } = [nameof(User), nameof(About), nameof(Prisoner), nameof(Kind), nameof(From), nameof(To)];

    public IEnumerable<ValidationResult> Validate(ValidationContext validationContext)
    {
        if (From is { } first && To is { } last && last < first)
        {
            yield return new ValidationResult("The last day cannot be before the first day.", [nameof(To)]);
        }
    }

    /// <summary>The read the filters ask for, once nothing was refused; the days are the prison's calendar days, from the start of the first to the end of the last.</summary>
    public AuditFilter ToFilter(PrisonCalendar calendar) => new(
        Blank(User),
        Blank(Prisoner),
        From is { } first ? calendar.StartOfDayUtc(first) : null,
        To is { } last ? calendar.StartOfDayUtc(last.AddDays(1)) : null,
        Page ?? 1,
        Blank(About),
        Kind);

    /// <summary>The filters as query-string values, for the links to the next and previous pages.</summary>
    public Dictionary<string, string> RouteValues(int page)
    {
        var values = new Dictionary<string, string>();
        foreach (var (name, value) in new[]
        {
            ("user", Blank(User)), ("about", Blank(About)), ("prisoner", Blank(Prisoner)), ("kind", Kind?.ToString()),
            ("from", From?.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture)), ("to", To?.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture)),
        })
        {
            if (value is not null)
            {
                values[name] = value;
            }
        }

        values[PageKey] = page.ToString(CultureInfo.InvariantCulture);
        return values;
    }

    /// <summary>The filters as typed, in words, for the audit entry that records this reading of the log: "user alice, page 2".</summary>
    public static string Describe(ModelStateDictionary typed)
    {
        var parts = new List<string>();
        foreach (var (name, key) in new[] { ("user", nameof(User)), ("about user", nameof(About)), ("prisoner", nameof(Prisoner)), ("kind", nameof(Kind)), ("from", nameof(From)), ("to", nameof(To)), ("page", PageKey) })
        {
            if (Blank(typed.TypedOf(key)) is { } text)
            {
                parts.Add($"{name} {text}");
            }
        }

        return string.Join(", ", parts);
    }

    private static string? Blank(string? text) => string.IsNullOrWhiteSpace(text) ? null : text.Trim();
}
