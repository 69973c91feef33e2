using System.Text.RegularExpressions;

namespace Prison.Web.Tests.Pages.Admin;

/// <summary>A row of the audit page's table, as text.</summary>
public sealed record AuditRow(string When, string User, string From, string Action, string Prisoner, string Summary, IReadOnlyList<string> Changes)
{
    public static IReadOnlyList<AuditRow> In(string html) =>
        [.. Regex.Matches(html, "<tr data-entry-id=\"[^\"]+\">(.*?)</tr>", RegexOptions.Singleline)
            .Select(row => Regex.Matches(row.Groups[1].Value, "<td[^>]*>(.*?)</td>", RegexOptions.Singleline).Select(cell => cell.Groups[1].Value).ToList())
            .Select(cells => new AuditRow(
                Html.Text(cells[0]), Html.Text(cells[1]), Html.Text(cells[2]), Html.Text(cells[3]), Html.Text(cells[4]), Html.Text(cells[5]),
                [.. Regex.Matches(cells[6], "<li>(.*?)</li>", RegexOptions.Singleline).Select(li => Html.Text(li.Groups[1].Value))]))];

    /// <summary>The href of the pager link with that rel ("next", "prev"), decoded; null when absent.</summary>
    public static string? Link(string html, string rel) =>
        Regex.Match(html, $"<a\\b[^>]*\\brel=\"{rel}\"[^>]*>") is { Success: true } tag
        && Regex.Match(tag.Value, "\\bhref=\"([^\"]*)\"") is { Success: true } href
            ? System.Net.WebUtility.HtmlDecode(href.Groups[1].Value)
            : null;
}
