using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Abstractions;
using Microsoft.AspNetCore.Routing;
using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db;
using Prison.Web.Downloads;

namespace Prison.Web.Tests.Downloads;

/// <summary>The CSV writer of every list's download, fed rows as a read hands them out, writing to a response that only counts.</summary>
public sealed class CsvDownloadTests
{
    private const int Rows = 100_000;

    private static readonly IReadOnlyList<CsvColumn<int>> Columns =
    [
        new("Number", n => $"N{n:000000}"),
        new("Name", n => $"Prisoner number {n}, held for a while"),
    ];

    /// <summary>The bytes of one row at least: "N000001,\"Prisoner number 1, held for a while\"\r\n".</summary>
    private const int RowBytes = 40;

    [Fact]
    public async Task A_hundred_thousand_rows_go_out_as_they_are_read_and_hold_no_more_memory_at_the_end_than_near_the_start()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.Sqlite);
        var sink = new CountingStream();
        var retained = new Dictionary<int, long>();
        var behind = 0L;

        async IAsyncEnumerable<int> Read()
        {
            for (var n = 1; n <= Rows; n++)
            {
                // What the writer holds back when the read hands out the next row: at most its buffer.
                behind = Math.Max(behind, ((n - 1) * (long)RowBytes) - sink.Written);
                if (n is 10_000 or 90_000)
                {
                    retained[n] = GC.GetTotalMemory(forceFullCollection: true);
                }

                yield return n;
                await Task.Yield();
            }
        }

        await using var db = database.Open();
        await ExecuteAsync(new CsvDownload<int>("numbers.csv", "the test's numbers", Columns, Read()), db, sink);

        Assert.True(sink.Written > Rows * (long)RowBytes, $"{sink.Written} bytes written");
        Assert.True(behind < 256 * 1024, $"{behind} bytes held back by the writer at most");
        Assert.True(retained[90_000] - retained[10_000] < 4 * 1024 * 1024, $"{retained[90_000] - retained[10_000]} more bytes held after 90,000 rows than after 10,000");
        Assert.Equal("Downloaded the test's numbers as a CSV file: 100000 rows", await db.AuditEntries.Where(e => e.Summary.StartsWith("Downloaded")).Select(e => e.Summary).SingleAsync());
    }

    [Fact]
    public async Task Every_cell_starting_as_a_formula_would_is_written_as_text_and_nothing_else_is_changed()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.Sqlite);
        string[] names = ["=1+1", "+1", "-1", "@SUM(A1)", "\tTab", "\rReturn", "O'Brien, Seán", "Plain"];
        var sink = new MemoryStream();
        await using var db = database.Open();

        await ExecuteAsync(new CsvDownload<string>("names.csv", "the test's names", [new CsvColumn<string>("Name", n => n)], names.ToAsyncEnumerable()), db, sink);

        var file = CsvFile.Read(sink.ToArray());
        Assert.Equal(["'=1+1", "'+1", "'-1", "'@SUM(A1)", "'\tTab", "'\rReturn", "O'Brien, Seán", "Plain"], file.Column("Name"));
    }

    [Fact]
    public async Task A_download_that_breaks_off_is_audited_with_the_rows_sent_before_it_did()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.Sqlite);
        var sink = new CountingStream();

        async IAsyncEnumerable<int> Read()
        {
            for (var n = 1; n <= 10; n++)
            {
                yield return n;
                await Task.Yield();
            }

            throw new InvalidOperationException("The read failed.");
        }

        await using var db = database.Open();
        var failure = await Assert.ThrowsAsync<InvalidOperationException>(() => ExecuteAsync(new CsvDownload<int>("numbers.csv", "the test's numbers", Columns, Read()), db, sink));

        Assert.Equal("The read failed.", failure.Message);
        Assert.Equal("Downloaded the test's numbers as a CSV file: 10 rows sent before the download broke off", await db.AuditEntries.Where(e => e.Summary.StartsWith("Downloaded")).Select(e => e.Summary).SingleAsync());
    }

    /// <summary>The finding of issue 39: the entry was written after the rows had left, so a failed entry left them unaudited.</summary>
    [Fact]
    public async Task A_download_whose_audit_entry_cannot_be_written_sends_no_row()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.Sqlite);
        await database.ExecuteAsync("CREATE TRIGGER audit_entry_full BEFORE INSERT ON audit_entry BEGIN SELECT RAISE(ABORT, 'The audit log cannot be written.'); END");
        var sink = new CountingStream();
        var read = 0;

        async IAsyncEnumerable<int> Read()
        {
            for (var n = 1; n <= 10; n++)
            {
                read++;
                yield return n;
                await Task.Yield();
            }
        }

        await using var db = database.Open();
        await Assert.ThrowsAnyAsync<Exception>(() => ExecuteAsync(new CsvDownload<int>("numbers.csv", "the test's numbers", Columns, Read()), db, sink));

        Assert.Equal(0L, sink.Written);
        Assert.Equal(0, read);
    }

    [Fact]
    public async Task A_download_is_on_the_record_before_its_first_row_leaves_and_again_with_its_rows_once_it_ends()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.Sqlite);
        var sink = new CountingStream();
        var entriesAtFirstRow = -1;
        await using var db = database.Open();
        await using var watcher = database.Open();

        async IAsyncEnumerable<int> Read()
        {
            entriesAtFirstRow = await watcher.AuditEntries.CountAsync();
            for (var n = 1; n <= 3; n++)
            {
                yield return n;
                await Task.Yield();
            }
        }

        await ExecuteAsync(new CsvDownload<int>("numbers.csv", "the test's numbers", Columns, Read()), db, sink);

        Assert.Equal(1, entriesAtFirstRow);
        Assert.Equal(
            ["Began downloading the test's numbers as a CSV file", "Downloaded the test's numbers as a CSV file: 3 rows"],
            (await watcher.AuditEntries.Select(e => e.Summary).ToListAsync()).Order(StringComparer.Ordinal));
    }

    private static async Task ExecuteAsync<TRow>(CsvDownload<TRow> download, PrisonDb db, Stream body)
    {
        var services = new ServiceCollection().AddSingleton(db).BuildServiceProvider();
        var http = new DefaultHttpContext { RequestServices = services };
        http.Response.Body = body;
        await download.ExecuteResultAsync(new ActionContext(http, new RouteData(), new ActionDescriptor()));
    }
}
