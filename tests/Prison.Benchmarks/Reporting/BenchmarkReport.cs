using System.Text;
using System.Text.RegularExpressions;

namespace Prison.Benchmarks.Reporting;

/// <summary>
/// docs/benchmarks.md: each benchmark owns one section between markers and replaces only its own, so benchmarks run
/// at different times keep each other's tables. Every section says the machine, the date and the command.
/// </summary>
public static class BenchmarkReport
{
    private const string Heading = """
        # Benchmarks

        Written by `tests/Prison.Benchmarks` (docs/development.md, "Benchmarks"): each section is replaced when its benchmark runs again,
        with the machine, the date and the exact command next to its figures, so that every figure can be reproduced.

        """;

    /// <summary>docs/benchmarks.md of the repository the program runs in.</summary>
    public static string DefaultPath()
    {
        for (var folder = new DirectoryInfo(Directory.GetCurrentDirectory()); folder is not null; folder = folder.Parent)
        {
            if (File.Exists(Path.Combine(folder.FullName, "Prison.sln")))
            {
                return Path.Combine(folder.FullName, "docs", "benchmarks.md");
            }
        }

        throw new InvalidOperationException("Run the benchmarks from inside the repository (no Prison.sln above the current folder), or give --output.");
    }

    public static async Task WriteSectionAsync(string path, string name, string title, string command, string machine, string body, string? note)
    {
        var section = new StringBuilder()
            .AppendLine($"<!-- benchmark:{name} -->")
            .AppendLine($"## {title}")
            .AppendLine()
            .AppendLine($"Measured {DateTime.UtcNow:yyyy-MM-dd HH:mm} UTC on {machine}.")
            .AppendLine()
            .AppendLine("```")
            .AppendLine(command)
            .AppendLine("```")
            .AppendLine()
            .Append(body.TrimEnd()).AppendLine();
        if (note is { Length: > 0 })
        {
            section.AppendLine().AppendLine(note.TrimEnd());
        }

        section.AppendLine($"<!-- /benchmark:{name} -->");
        Directory.CreateDirectory(Path.GetDirectoryName(Path.GetFullPath(path))!);
        var existing = File.Exists(path) ? await File.ReadAllTextAsync(path) : Heading;
        var pattern = new Regex($"<!-- benchmark:{Regex.Escape(name)} -->.*?<!-- /benchmark:{Regex.Escape(name)} -->\\r?\\n?", RegexOptions.Singleline);
        var updated = pattern.IsMatch(existing)
            ? pattern.Replace(existing, section.ToString().Replace("$", "$$", StringComparison.Ordinal), 1)
            : existing.TrimEnd() + Environment.NewLine + Environment.NewLine + section;
        await File.WriteAllTextAsync(path, updated);
    }

    private const string HeadlinesStart = "<!-- headlines -->";
    private const string HeadlinesEnd = "<!-- /headlines -->";

    private static readonly IReadOnlyList<string> HeadlineColumns = ["headline", "figure", "anchor, same run", "ratio", "measured", "commit", "command"];

    /// <summary>
    /// Puts <paramref name="headlines"/> into the table at the top of the page (between its markers, made under the
    /// title when missing): a row of the same name is replaced, a new one added after the others, so that each row
    /// keeps the date, commit and command of the run that measured it, beside its anchor from that same run.
    /// </summary>
    public static async Task WriteHeadlinesAsync(string path, IReadOnlyList<Headline> headlines, string commit, DateTime measuredUtc)
    {
        var existing = File.Exists(path) ? await File.ReadAllTextAsync(path) : Heading;
        var start = existing.IndexOf(HeadlinesStart, StringComparison.Ordinal);
        var end = existing.IndexOf(HeadlinesEnd, StringComparison.Ordinal);
        var rows = new List<IReadOnlyList<string>>();
        if (start >= 0 && end > start)
        {
            rows.AddRange(existing[(start + HeadlinesStart.Length)..end]
                .Split('\n', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries)
                .Where(line => line.StartsWith("| ", StringComparison.Ordinal))
                .Skip(1)
                .Select(line => (IReadOnlyList<string>)[.. line.Trim('|').Split(" | ").Select(cell => cell.Trim())]));
        }

        foreach (var headline in headlines)
        {
            IReadOnlyList<string> row =
            [
                headline.Name, headline.Figure, headline.Anchor ?? "none measured",
                headline.Ratio is { } ratio ? string.Create(System.Globalization.CultureInfo.InvariantCulture, $"{ratio:0.0}x") : "",
                $"{measuredUtc:yyyy-MM-dd HH:mm} UTC", commit, $"`{headline.Command}`",
            ];
            var at = rows.FindIndex(r => r[0] == headline.Name);
            if (at >= 0)
            {
                rows[at] = row;
            }
            else
            {
                rows.Add(row);
            }
        }

        var block = HeadlinesStart + Environment.NewLine + Table(HeadlineColumns, rows) + HeadlinesEnd;
        string updated;
        if (start >= 0 && end > start)
        {
            updated = existing[..start] + block + existing[(end + HeadlinesEnd.Length)..];
        }
        else
        {
            // Under the page's title and first paragraph.
            var afterIntro = existing.IndexOf("\n\n", existing.IndexOf('\n', StringComparison.Ordinal) + 2, StringComparison.Ordinal);
            updated = afterIntro < 0
                ? existing.TrimEnd() + Environment.NewLine + Environment.NewLine + block + Environment.NewLine
                : existing[..(afterIntro + 2)] + block + Environment.NewLine + Environment.NewLine + existing[(afterIntro + 2)..];
        }

        Directory.CreateDirectory(Path.GetDirectoryName(Path.GetFullPath(path))!);
        await File.WriteAllTextAsync(path, updated);
    }

    /// <summary>A Markdown table.</summary>
    public static string Table(IReadOnlyList<string> header, IEnumerable<IReadOnlyList<string>> rows)
    {
        var text = new StringBuilder()
            .AppendLine("| " + string.Join(" | ", header) + " |")
            .AppendLine("|" + string.Concat(header.Select(_ => "---|")));
        foreach (var row in rows)
        {
            text.AppendLine("| " + string.Join(" | ", row) + " |");
        }

        return text.ToString();
    }
}
