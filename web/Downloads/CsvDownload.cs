using CsvHelper;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Net.Http.Headers;
using Prison.Db;
using Prison.Db.Audit;
using Prison.Db.Reads;

namespace Prison.Web.Downloads;

/// <summary>
/// A list of prisoners as a CSV file to take away, the answer of a list page's "csv" handler: UTF-8 with a byte-order
/// mark (so that Excel reads the accents), RFC 4180 with every cell quoted, a heading row, a cell or a piece of one
/// after a semicolon that a spreadsheet would run as a formula written as text (CsvHelper's CSV-injection escape, and
/// <see cref="SpreadsheetCell"/> for spreadsheets that split on semicolons). Rows are written as the read hands them out, under
/// <see cref="StreamedReads.StreamAsync"/>, so a list of any length holds no more than the writer's buffer.
/// The download is audited as a bulk read before its first row leaves (an entry that cannot be written stops it, and
/// nothing leaves), and again once it ends, with how many rows it held, also when it broke off. How many run at once is
/// bounded by <see cref="DownloadLimits"/>.
/// </summary>
/// <param name="fileName">What the browser saves it as.</param>
/// <param name="list">Which list, in words, for the audit log: "the Dangerous prisoners at RNDC".</param>
/// <param name="rows">The page's own read, with the page's scoping, not yet enumerated.</param>
/// <param name="prisonId">The prison whose list it is, for the audit log; null for a list of the user's prisons (the search).</param>
public sealed class CsvDownload<TRow>(string fileName, string list, IReadOnlyList<CsvColumn<TRow>> columns, IAsyncEnumerable<TRow> rows, int? prisonId = null) : IActionResult
{
    public const string ContentType = "text/csv; charset=utf-8";

    public static CsvWriterOptions Options { get; } = CsvWriterOptions.Default with { WriteByteOrderMark = true, Injection = CsvInjection.Escape, Quoting = CsvQuoting.Always };

    public async Task ExecuteResultAsync(ActionContext context)
    {
        var http = context.HttpContext;
        var db = http.RequestServices.GetRequiredService<PrisonDb>();
        http.Features.Get<IHttpResponseBodyFeature>()?.DisableBuffering();
        var disposition = new ContentDispositionHeaderValue("attachment");
        disposition.SetHttpFileName(fileName);
        http.Response.ContentType = ContentType;
        http.Response.Headers.ContentDisposition = disposition.ToString();

        // On the record before any row leaves: a download that cannot be audited sends nothing.
        db.AuditEntries.Add(Concerning(AuditEntry.ListDownloadBegun(list)));
        await db.SaveChangesAsync(http.RequestAborted);

        var written = 0;
        var complete = false;
        try
        {
            await db.StreamAsync(
                async token =>
                {
                    await using var csv = CsvWriter.Create(http.Response.Body, Options, leaveOpen: true);
                    csv.WriteHeader([.. columns.Select(c => c.Heading)]);
                    await foreach (var row in rows.WithCancellation(token))
                    {
                        foreach (var column in columns)
                        {
                            csv.WriteField(SpreadsheetCell.Text(column.Cell(row), Options));
                        }

                        await csv.EndRecordAsync(token);
                        written++;
                    }
                },
                http.RequestAborted);
            complete = true;
        }
        finally
        {
            // Whatever ended it (the last row, the client leaving, a fault), what was read is on the record.
            db.AuditEntries.Add(Concerning(AuditEntry.ListDownloaded(list, written, complete)));
            await db.SaveChangesAsync(CancellationToken.None);
        }
    }

    private AuditEntry Concerning(AuditEntry entry) => prisonId is { } id ? entry.Concerning([id]) : entry;
}
