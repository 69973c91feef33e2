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
/// mark (so that Excel reads the accents), RFC 4180, a heading row, a cell that a spreadsheet would run as a formula
/// written as text (CsvHelper's CSV-injection escape). Rows are written as the read hands them out, under
/// <see cref="StreamedReads.StreamAsync"/>, so a list of any length holds no more than the writer's buffer.
/// The download is audited as a bulk read once it ends, with how many rows it held, also when it broke off.
/// </summary>
/// <param name="fileName">What the browser saves it as.</param>
/// <param name="list">Which list, in words, for the audit log: "the Dangerous prisoners at RNDC".</param>
/// <param name="rows">The page's own read, with the page's scoping, not yet enumerated.</param>
public sealed class CsvDownload<TRow>(string fileName, string list, IReadOnlyList<CsvColumn<TRow>> columns, IAsyncEnumerable<TRow> rows) : IActionResult
{
    public const string ContentType = "text/csv; charset=utf-8";

    public static CsvWriterOptions Options { get; } = CsvWriterOptions.Default with { WriteByteOrderMark = true, Injection = CsvInjection.Escape };

    public async Task ExecuteResultAsync(ActionContext context)
    {
        var http = context.HttpContext;
        var db = http.RequestServices.GetRequiredService<PrisonDb>();
        http.Features.Get<IHttpResponseBodyFeature>()?.DisableBuffering();
        var disposition = new ContentDispositionHeaderValue("attachment");
        disposition.SetHttpFileName(fileName);
        http.Response.ContentType = ContentType;
        http.Response.Headers.ContentDisposition = disposition.ToString();

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
                            csv.WriteField(column.Cell(row));
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
            db.AuditEntries.Add(AuditEntry.ListDownloaded(list, written, complete));
            await db.SaveChangesAsync(CancellationToken.None);
        }
    }
}
