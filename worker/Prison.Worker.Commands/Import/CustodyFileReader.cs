using System.Globalization;
using CsvHelper;

namespace Prison.Worker.Import;

/// <summary>
/// Reads a custody file by header name. A row that cannot be read is rejected with its line number and the
/// reason, and the rest of the file is still read: one bad row must not hold back seven thousand good ones.
/// </summary>
public static class CustodyFileReader
{
    public const int MaxInmateIdLength = 32;

    public const int MaxTopChargeLength = 64;

    // Ages outside this range are typing mistakes, not people in a city jail.
    private const int YoungestAge = 10;
    private const int OldestAge = 110;

    /// <summary>The required columns the file's header lacks (all of them when the file is empty).</summary>
    public static IReadOnlyList<string> MissingColumns(string path)
    {
        using var reader = Open(path, malformedLines: null);
        return CustodyColumns.Required.Where(c => !reader.TryGetFieldIndex(c, out _)).ToList();
    }

    /// <summary>Data rows in the file, counted by lines: a cheap total for a progress bar.</summary>
    public static int CountRows(string path) => Math.Max(0, File.ReadLines(path).Count(l => l.Length > 0) - 1);

    public static CustodyDay Read(CustodyFile file)
    {
        var malformedLines = new HashSet<long>();
        using var reader = Open(file.Path, malformedLines);
        var columns = new Dictionary<string, int>(StringComparer.Ordinal);
        foreach (var column in CustodyColumns.Required)
        {
            if (reader.TryGetFieldIndex(column, out var index))
            {
                columns[column] = index;
            }
        }

        var missing = CustodyColumns.Required.Where(c => !columns.ContainsKey(c)).ToList();
        if (missing.Count > 0)
        {
            throw new CustodyFileRefusedException(RefusalMessage(file.Name, missing));
        }

        var headerWidth = reader.Headers.Count;
        var rows = new List<CustodyRow>();
        var rejected = new List<RejectedRow>();
        var present = new HashSet<string>(StringComparer.Ordinal);
        var firstLine = new Dictionary<string, int>(StringComparer.Ordinal);
        var (count, unidentified) = (0, 0);
        while (reader.Read())
        {
            count++;
            var line = (int)reader.LineNumber;
            var cells = new RowCells(reader, columns);
            var inmateId = cells[CustodyColumns.InmateId];
            var idProblem = InmateIdProblem(inmateId);
            if (idProblem is null)
            {
                present.Add(inmateId);
            }
            else
            {
                unidentified++;
            }

            var problems = new List<string>();
            if (malformedLines.Contains(line))
            {
                problems.Add("its quoting is malformed");
            }

            if (reader.FieldCount < headerWidth)
            {
                problems.Add($"it has {reader.FieldCount} fields where the header has {headerWidth}");
            }

            if (idProblem is not null)
            {
                problems.Add(idProblem);
            }
            else if (firstLine.TryGetValue(inmateId, out var first))
            {
                problems.Add($"inmateid {inmateId} is listed already on line {first}");
            }

            var row = Parse(cells, file.Day, line, inmateId, problems);
            if (row is null || problems.Count > 0)
            {
                rejected.Add(new RejectedRow(file.Name, line, string.Join("; ", problems)));
                continue;
            }

            firstLine[inmateId] = line;
            rows.Add(row);
        }

        return new CustodyDay(file, count, rows, rejected, present, unidentified);
    }

    public static string RefusalMessage(string fileName, IReadOnlyCollection<string> missing) =>
        $"{fileName} is refused: its header has no column {string.Join(", ", missing.Select(c => $"'{c}'"))} " +
        $"(the importer needs {string.Join(", ", CustodyColumns.Required)}).";

    private static CustodyRow? Parse(RowCells cells, DateOnly day, int line, string inmateId, List<string> problems)
    {
        var admitted = Admitted(cells[CustodyColumns.AdmittedAt], day, problems);
        var custodyLevel = CustodyLevel(cells[CustodyColumns.CustodyLevel], problems);
        var mentalObservation = Flag(cells, CustodyColumns.MentalObservation, problems);
        var age = Age(cells[CustodyColumns.Age], problems);
        var securityRiskGroup = Flag(cells, CustodyColumns.SecurityRiskGroup, problems);
        var infraction = Flag(cells, CustodyColumns.Infraction, problems);
        var topCharge = TopCharge(cells[CustodyColumns.TopCharge], problems);
        var status = cells[CustodyColumns.StatusCode].ToUpperInvariant();
        if (problems.Count > 0 || admitted is not { } at)
        {
            return null;
        }

        return new CustodyRow(
            line,
            inmateId,
            at.ToString("yyyy-MM-dd'T'HH:mm:ss.fff", CultureInfo.InvariantCulture),
            DateOnly.FromDateTime(at),
            custodyLevel,
            mentalObservation,
            cells[CustodyColumns.Gender].ToUpperInvariant(),
            age,
            status.Length == 0 ? null : status,
            securityRiskGroup,
            topCharge,
            infraction);
    }

    private static string? InmateIdProblem(string inmateId) =>
        inmateId.Length == 0 ? "inmateid is missing"
        : inmateId.Length > MaxInmateIdLength || inmateId.Any(char.IsWhiteSpace) ? $"inmateid '{inmateId}' is not an id (at most {MaxInmateIdLength} characters, no spaces)"
        : null;

    private static DateTime? Admitted(string text, DateOnly day, List<string> problems)
    {
        if (text.Length == 0)
        {
            problems.Add("admitted_dt is missing");
            return null;
        }

        if (!DateTime.TryParse(text, CultureInfo.InvariantCulture, DateTimeStyles.AllowWhiteSpaces, out var at))
        {
            problems.Add($"admitted_dt '{text}' is not a date and time");
            return null;
        }

        if (DateOnly.FromDateTime(at) > day)
        {
            problems.Add($"admitted_dt '{text}' is after the file's day, {day:yyyy-MM-dd}");
            return null;
        }

        return at;
    }

    private static string? CustodyLevel(string text, List<string> problems)
    {
        var level = text.ToUpperInvariant();
        if (level is "MIN" or "MED" or "MAX")
        {
            return level;
        }

        if (level.Length > 0)
        {
            problems.Add($"custody_level '{text}' is not MIN, MED, MAX or blank");
        }

        return null;
    }

    private static bool Flag(RowCells cells, string column, List<string> problems)
    {
        var text = cells[column];
        if (text.Equals("Y", StringComparison.OrdinalIgnoreCase))
        {
            return true;
        }

        if (!text.Equals("N", StringComparison.OrdinalIgnoreCase))
        {
            problems.Add($"{column} '{text}' is not Y or N");
        }

        return false;
    }

    /// <summary>Whole years, written "29" or "29.0"; blank is unknown (new receptions not yet classified have no age).</summary>
    private static int? Age(string text, List<string> problems)
    {
        if (text.Length == 0)
        {
            return null;
        }

        if (decimal.TryParse(text, NumberStyles.AllowDecimalPoint, CultureInfo.InvariantCulture, out var years)
            && years == decimal.Truncate(years) && years is >= YoungestAge and <= OldestAge)
        {
            return (int)years;
        }

        problems.Add($"age '{text}' is not an age in whole years from {YoungestAge} to {OldestAge}");
        return null;
    }

    /// <summary>Blank and "0" (which some rows carry) both mean no top charge is known.</summary>
    private static string? TopCharge(string text, List<string> problems)
    {
        if (text.Length == 0 || text == "0")
        {
            return null;
        }

        if (text.Length > MaxTopChargeLength)
        {
            problems.Add($"top_charge is longer than {MaxTopChargeLength} characters");
            return null;
        }

        return text;
    }

    private static CsvReader Open(string path, HashSet<long>? malformedLines)
    {
        var options = CsvReaderOptions.Default with
        {
            Separator = ',',
            TrackLineNumbers = true,
            TrimWhitespace = true,
            OnMalformedRecord = malformedLines is null ? null : record => malformedLines.Add(record.LineNumber),
        };
        return CsvReader.Create(File.OpenRead(path), options, leaveOpen: false);
    }

    /// <summary>A row's cells by column name, trimmed; a cell the row is too short to have reads as blank.</summary>
    private readonly struct RowCells(CsvReader reader, Dictionary<string, int> columns)
    {
        public string this[string column] => columns[column] < reader.FieldCount ? reader.GetString(columns[column]).Trim() : string.Empty;
    }
}
