namespace Prison.Web.Tests.Pages.Prisoners.Recording;

/// <summary>
/// A form's fields written as "Name=value|Name=value" in a test row. "{today}", "{yesterday}" and "{tomorrow}" are
/// days in the prison's calendar, and "{entry}" the first entry the form's select list named Entry (or Charge) offers.
/// </summary>
internal static class FormRow
{
    public static List<KeyValuePair<string, string>> Fields(string row, DateOnly today, string html) =>
        [.. row.Split('|', StringSplitOptions.RemoveEmptyEntries).Select(pair => pair.Split('=', 2)).Select(pair => new KeyValuePair<string, string>(pair[0], Fill(pair[1], today, html)))];

    public static string Fill(string text, DateOnly today, string html) =>
        text.Replace("{today}", today.ToString("yyyy-MM-dd"), StringComparison.Ordinal)
            .Replace("{yesterday}", today.AddDays(-1).ToString("yyyy-MM-dd"), StringComparison.Ordinal)
            .Replace("{tomorrow}", today.AddDays(1).ToString("yyyy-MM-dd"), StringComparison.Ordinal)
            .Replace("{entry}", RecordPosting.FirstOption(html, "Entry") ?? RecordPosting.FirstOption(html, "Charge") ?? "(none offered)", StringComparison.Ordinal);
}
