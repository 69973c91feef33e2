namespace Prison.Web.Tests.Pages.Prisoners.Recording;

/// <summary>
/// A form's fields written as "Name=value|Name=value" in a test row. "{today}", "{yesterday}" and "{tomorrow}" are
/// days in the prison's calendar, "{ten-years-on}" ten years after today, "{501}" a text of 501 characters, and "{entry}" the first entry the form's select list named Entry (or Charge) offers.
/// </summary>
internal static class FormRow
{
    public static List<KeyValuePair<string, string>> Fields(string row, DateOnly today, string html) =>
        [.. row.Split('|', StringSplitOptions.RemoveEmptyEntries).Select(pair => pair.Split('=', 2)).Select(pair => new KeyValuePair<string, string>(pair[0], Fill(pair[1], today, html)))];

    public static string Fill(string text, DateOnly today, string html) =>
        text.Replace("{today}", today.ToString("yyyy-MM-dd"), StringComparison.Ordinal)
            .Replace("{yesterday}", today.AddDays(-1).ToString("yyyy-MM-dd"), StringComparison.Ordinal)
            .Replace("{tomorrow}", today.AddDays(1).ToString("yyyy-MM-dd"), StringComparison.Ordinal)
            .Replace("{ten-years-on}", today.AddYears(10).ToString("yyyy-MM-dd"), StringComparison.Ordinal)
            .Replace("{501}", new string('r', 501), StringComparison.Ordinal)
            .Replace("{entry}", RecordPosting.FirstOption(html, "Entry") ?? RecordPosting.FirstOption(html, "Charge") ?? "(none offered)", StringComparison.Ordinal);
}
