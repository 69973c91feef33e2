using System.Net;
using System.Text.RegularExpressions;

namespace Prison.Web.Tests;

/// <summary>
/// Reads the few things tests look at in web's own, predictable markup, with regular expressions: written when the
/// project's registry had no HTML parser. It has AngleSharp now, and these readers have not moved onto it yet. The
/// browser tests cover what a real parser and renderer make of the pages.
/// </summary>
public static class Html
{
    /// <summary>The value attribute of the input named <paramref name="name"/>, decoded; null when there is none.</summary>
    public static string? InputValue(string html, string name) =>
        Tag(html, "input", name) is { } tag ? Attribute(tag, "value") : null;

    /// <summary>What a textarea holds, without the line break HTML ignores after its opening tag.</summary>
    public static string? TextAreaValue(string html, string name)
    {
        var match = Regex.Match(html, $"<textarea[^>]*\\bname=\"{Regex.Escape(name)}\"[^>]*>(.*?)</textarea>", RegexOptions.Singleline);
        if (!match.Success)
        {
            return null;
        }

        var text = WebUtility.HtmlDecode(match.Groups[1].Value);
        return text.StartsWith("\r\n", StringComparison.Ordinal) ? text[2..] : text.StartsWith('\n') ? text[1..] : text;
    }

    /// <summary>The values of the selected options of the select named <paramref name="name"/>.</summary>
    public static IReadOnlyList<string> SelectedOptions(string html, string name)
    {
        var select = Regex.Match(html, $"<select[^>]*\\bname=\"{Regex.Escape(name)}\"[^>]*>(.*?)</select>", RegexOptions.Singleline);
        return select.Success
            ? [.. Regex.Matches(select.Groups[1].Value, "<option[^>]*>").Select(m => m.Value).Where(o => Regex.IsMatch(o, "\\bselected\\b")).Select(o => Attribute(o, "value") ?? string.Empty)]
            : [];
    }

    /// <summary>The text of the element with that id, tags removed, decoded and with whitespace collapsed; null when absent.</summary>
    public static string? TextById(string html, string id)
    {
        var match = Regex.Match(html, $"<(\\w+)[^>]*\\bid=\"{Regex.Escape(id)}\"[^>]*>(.*?)</\\1>", RegexOptions.Singleline);
        return match.Success ? Text(match.Groups[2].Value) : null;
    }

    /// <summary>The text of the first <paramref name="element"/> whose opening tag matches <paramref name="attributesPattern"/> (a regular expression), or null.</summary>
    public static string? TextOf(string html, string element, string attributesPattern)
    {
        var match = Regex.Match(html, $"<{element}\\b[^>]*(?:{attributesPattern})[^>]*>(.*?)</{element}>", RegexOptions.Singleline);
        return match.Success ? Text(match.Groups[1].Value) : null;
    }

    /// <summary>The value of the first <paramref name="attribute"/> in the page, decoded (a page's data-stamp, say); null when absent.</summary>
    public static string? FirstAttribute(string html, string attribute) =>
        Regex.Match(html, $"\\s{Regex.Escape(attribute)}=\"([^\"]*)\"") is { Success: true } match ? WebUtility.HtmlDecode(match.Groups[1].Value) : null;

    /// <summary>The rows of the arrivals table that stand for a prisoner, in page order.</summary>
    public static IReadOnlyList<DashboardRow> ArrivalRows(string html) =>
        [.. Regex.Matches(html, "<tr data-prisoner-id=\"([^\"]+)\" data-status=\"([^\"]+)\">(.*?)</tr>", RegexOptions.Singleline)
            .Select(row => new DashboardRow(
                Guid.Parse(row.Groups[1].Value),
                row.Groups[2].Value,
                [.. Regex.Matches(row.Groups[3].Value, "<td[^>]*>(.*?)</td>", RegexOptions.Singleline).Select(cell => Text(cell.Groups[1].Value))]))];

    public static string Text(string fragment) =>
        Regex.Replace(WebUtility.HtmlDecode(Regex.Replace(fragment, "<[^>]+>", " ")), "\\s+", " ").Trim();

    private static string? Tag(string html, string element, string name) =>
        Regex.Match(html, $"<{element}\\b[^>]*\\bname=\"{Regex.Escape(name)}\"[^>]*>") is { Success: true } match ? match.Value : null;

    private static string? Attribute(string tag, string attribute) =>
        Regex.Match(tag, $"\\b{attribute}=\"([^\"]*)\"") is { Success: true } match ? WebUtility.HtmlDecode(match.Groups[1].Value) : null;
}
