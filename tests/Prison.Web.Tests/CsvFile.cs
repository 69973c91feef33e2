using CsvHelper;

namespace Prison.Web.Tests;

/// <summary>A downloaded CSV file as a spreadsheet reads it: after the UTF-8 byte-order mark, the headings and the rows of fields.</summary>
public sealed record CsvFile(IReadOnlyList<string> Headings, IReadOnlyList<IReadOnlyList<string>> Rows)
{
    private static readonly byte[] ByteOrderMark = [0xEF, 0xBB, 0xBF];

    /// <summary>Reads <paramref name="bytes"/>, which must start with the byte-order mark.</summary>
    public static CsvFile Read(byte[] bytes)
    {
        Assert.True(bytes.AsSpan().StartsWith(ByteOrderMark), "The file starts with the UTF-8 byte-order mark.");
        var reader = CsvReader.Create(bytes[ByteOrderMark.Length..], CsvReaderOptions.Default with { HasHeader = false });
        var records = new List<IReadOnlyList<string>>();
        foreach (var row in reader)
        {
            records.Add(row.ToArray());
        }

        return new CsvFile(records[0], records.Skip(1).ToList());
    }

    /// <summary>The column of that heading, one value a row.</summary>
    public IReadOnlyList<string> Column(string heading)
    {
        var index = Headings.ToList().IndexOf(heading);
        Assert.True(index >= 0, $"No column '{heading}' among {string.Join(", ", Headings)}");
        return [.. Rows.Select(row => row[index])];
    }

    /// <summary>The row whose column <paramref name="heading"/> holds <paramref name="value"/>, by heading.</summary>
    public IReadOnlyDictionary<string, string> RowWhere(string heading, string value) =>
        Headings.Zip(Rows.Single(row => row[Headings.ToList().IndexOf(heading)] == value)).ToDictionary(p => p.First, p => p.Second);
}
