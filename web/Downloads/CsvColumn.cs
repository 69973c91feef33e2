namespace Prison.Web.Downloads;

/// <summary>A column of a list's CSV file: its heading, and the text of its cell for a row (in words, as the page shows it).</summary>
public sealed record CsvColumn<TRow>(string Heading, Func<TRow, string?> Cell);
