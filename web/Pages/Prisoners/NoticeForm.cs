using System.Globalization;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners;

/// <summary>
/// What staff typed to record a disciplinary notice. Kept as text, so that a rejected form shows back exactly
/// what was typed, and checked here with messages that say how to put it right.
/// </summary>
public sealed class NoticeForm
{
    public const int MaxDescription = 4000;

    public string? Type { get; set; }

    public string? Date { get; set; }

    public string? Description { get; set; }

    public bool TryValidate(DateOnly today, ModelStateDictionary errors, string prefix, out (NoticeType Type, DateOnly Date, string Description) notice)
    {
        notice = default;
        if (!Enum.TryParse<NoticeType>(Type, ignoreCase: true, out var type) || !Enum.IsDefined(type) || int.TryParse(Type, out _))
        {
            errors.AddModelError($"{prefix}.{nameof(Type)}", "Choose a notice type from the list.");
        }

        if (!DateOnly.TryParseExact(Date?.Trim(), "yyyy-MM-dd", CultureInfo.InvariantCulture, DateTimeStyles.None, out var date))
        {
            errors.AddModelError($"{prefix}.{nameof(Date)}", "Enter the date of the notice as YYYY-MM-DD.");
        }
        else if (date > today)
        {
            errors.AddModelError($"{prefix}.{nameof(Date)}", $"The date cannot be in the future: today is {today:yyyy-MM-dd} at this prison.");
        }

        var description = Description?.Trim() ?? string.Empty;
        if (description.Length == 0)
        {
            errors.AddModelError($"{prefix}.{nameof(Description)}", "Describe what happened.");
        }
        else if (description.Length > MaxDescription)
        {
            errors.AddModelError($"{prefix}.{nameof(Description)}", $"Keep the description under {MaxDescription} characters (it has {description.Length}).");
        }

        if (errors.ErrorCount > 0)
        {
            return false;
        }

        notice = (type, date, description);
        return true;
    }
}
