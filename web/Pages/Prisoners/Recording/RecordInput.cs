using System.Globalization;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>
/// What staff typed into a recording form, read field by field. Each reader returns a usable value or records a
/// message next to its field and returns a placeholder; a form calls the aggregate only when <see cref="IsValid"/>.
/// </summary>
public sealed class RecordInput(IReadOnlyDictionary<string, string?> values, ModelStateDictionary errors, DateOnly today)
{
    public const int MaxText = 2000;

    public DateOnly Today => today;

    public bool IsValid => errors.ErrorCount == 0;

    public string? Raw(string name) => values.TryGetValue(name, out var value) ? value : null;

    public void Refuse(string name, string message) => errors.AddModelError(name, message);

    public bool Has(string name) => errors.TryGetValue(name, out var entry) && entry.Errors.Count > 0;

    public string Text(string name, string whenMissing, int maxLength = MaxText)
    {
        var text = Raw(name)?.Trim() ?? string.Empty;
        if (text.Length == 0)
        {
            Refuse(name, whenMissing);
        }
        else if (text.Length > maxLength)
        {
            Refuse(name, $"Keep this under {maxLength} characters (it has {text.Length}).");
        }

        return text;
    }

    /// <summary>A day as YYYY-MM-DD; unless <paramref name="futureAllowed"/>, not after today in the prison's calendar.</summary>
    public DateOnly Date(string name, string what, bool futureAllowed = false) =>
        OptionalDate(name, what, futureAllowed, required: true) ?? default;

    public DateOnly? OptionalDate(string name, string what, bool futureAllowed = false, bool required = false)
    {
        var text = Raw(name)?.Trim();
        if (string.IsNullOrEmpty(text) && !required)
        {
            return null;
        }

        if (!DateOnly.TryParseExact(text, "yyyy-MM-dd", CultureInfo.InvariantCulture, DateTimeStyles.None, out var date))
        {
            Refuse(name, $"Enter {what} as YYYY-MM-DD.");
            return null;
        }

        if (!futureAllowed && date > today)
        {
            Refuse(name, $"The date cannot be in the future: today is {today:yyyy-MM-dd} at this prison.");
            return null;
        }

        return date;
    }

    /// <summary>Refuses <paramref name="name"/>'s day when it is before <paramref name="start"/>.</summary>
    public void NotBefore(string name, DateOnly? day, DateOnly start, string startWords)
    {
        if (day < start)
        {
            Refuse(name, $"This date cannot be before {startWords} ({start:yyyy-MM-dd}).");
        }
    }

    /// <summary>A value of <typeparamref name="T"/> by name, as the select list offers it; numbers are not names.</summary>
    public T Choice<T>(string name, string whenMissing, Func<T, bool>? offered = null)
        where T : struct, Enum
    {
        var text = Raw(name)?.Trim();
        if (Enum.TryParse<T>(text, ignoreCase: true, out var value) && Enum.IsDefined(value) && !int.TryParse(text, out _)
            && (offered?.Invoke(value) ?? true))
        {
            return value;
        }

        Refuse(name, whenMissing);
        return default;
    }

    public bool Check(string name) => Raw(name) is { } text && (text.Equals("true", StringComparison.OrdinalIgnoreCase) || text.Equals("on", StringComparison.OrdinalIgnoreCase));

    public int Number(string name, string whenMissing, int min, int max)
    {
        if (int.TryParse(Raw(name)?.Trim(), NumberStyles.None, CultureInfo.InvariantCulture, out var number) && number >= min && number <= max)
        {
            return number;
        }

        Refuse(name, whenMissing);
        return min;
    }

    /// <summary>One of <paramref name="candidates"/> by id, as the select list of open entries offers them.</summary>
    public T? Entry<T>(string name, IEnumerable<T> candidates, string whenMissing)
        where T : Entity
    {
        var entry = Guid.TryParse(Raw(name)?.Trim(), out var id) ? candidates.FirstOrDefault(c => c.Id == id) : null;
        if (entry is null)
        {
            Refuse(name, whenMissing);
        }

        return entry;
    }

    /// <summary>A prison by id, from the prisons of <paramref name="context"/>.</summary>
    public int Prison(string name, RecordContext context)
    {
        if (int.TryParse(Raw(name)?.Trim(), NumberStyles.None, CultureInfo.InvariantCulture, out var id) && context.Prisons.Any(p => p.Id == id))
        {
            return id;
        }

        Refuse(name, "Choose a prison from the list.");
        return 0;
    }
}
