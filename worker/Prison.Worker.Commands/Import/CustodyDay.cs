namespace Prison.Worker.Import;

/// <summary>A custody file read into memory: its well-formed rows and the rows it rejected.</summary>
/// <param name="RowCount">Every data row of the file, well-formed or not.</param>
/// <param name="Present">
/// Every inmateid the file lists, rejected rows included: a person whose row is malformed today is still held,
/// and must not be released for it.
/// </param>
/// <param name="UnidentifiedRows">
/// Rows rejected because their inmateid is missing or unreadable: each is someone held that day who cannot be told
/// apart, so nobody's absence from the file is known.
/// </param>
public sealed record CustodyDay(
    CustodyFile File,
    int RowCount,
    IReadOnlyList<CustodyRow> Rows,
    IReadOnlyList<RejectedRow> Rejected,
    IReadOnlySet<string> Present,
    int UnidentifiedRows);
