namespace Prison.Web.Downloads;

/// <summary>
/// A cell's text such that no spreadsheet runs a piece of it as a formula, whatever separator it splits the file on.
/// The writer escapes the start of each cell (<see cref="CsvHelper.CsvWriterOptions.Injection"/>); a spreadsheet set
/// for semicolons (most of Europe) also starts a cell after every ';' of the text, quoted or not once a quote has
/// closed, so a piece that starts like a formula there (after spaces and quotes) gets the same escape in front.
/// </summary>
public static class SpreadsheetCell
{
    private const char Semicolon = ';';

    public static string? Text(string? text, CsvHelper.CsvWriterOptions options)
    {
        if (text is null || !text.Contains(Semicolon, StringComparison.Ordinal))
        {
            return text;
        }

        var escaped = new System.Text.StringBuilder(text.Length + 4);
        for (var i = 0; i < text.Length; i++)
        {
            escaped.Append(text[i]);
            if (text[i] == Semicolon && StartsAsFormula(text.AsSpan(i + 1), options))
            {
                escaped.Append(options.InjectionEscape);
            }
        }

        return escaped.ToString();
    }

    private static bool StartsAsFormula(ReadOnlySpan<char> piece, CsvHelper.CsvWriterOptions options)
    {
        var start = piece.TrimStart(" \"");
        return !start.IsEmpty && options.InjectionCharacters.Contains(start[0]);
    }
}
