using System.Globalization;
using MassTransit;
using Microsoft.AspNetCore.Builder;
using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Prison.Db;
using Prison.Db.Audit;
using Prison.Runtime;
using Prison.Runtime.Evaluation;
using Prison.Runtime.Messaging;
using Prison.ServiceDefaults;
using Spectre.Console;

namespace Prison.Worker.Import;

/// <summary>
/// The `import PATH` verb, which replays NYC DOC daily custody files into the database an operator configured, and
/// `import revert DAY`, which undoes imported days.
/// </summary>
public static class ImportCommand
{
    public const int UsageExitCode = 2;

    public const int RefusedExitCode = 1;

    private const int RejectedRowsShown = 10;

    /// <param name="arguments">
    /// The path, and configuration for the host (--ConnectionStrings:Prison=..., --RabbitMq:Host=...) in any order:
    /// whatever starts with a dash is configuration.
    /// </param>
    /// <param name="allowMassRelease">Import a day whatever share of the people in custody it releases.</param>
    public static async Task<int> RunAsync(IReadOnlyList<string> arguments, bool allowMassRelease, CancellationToken cancellationToken)
    {
        var paths = arguments.Where(a => !a.StartsWith('-')).ToList();
        string[] hostArguments = [.. arguments.Where(a => a.StartsWith('-'))];
        if (paths.Count != 1)
        {
            await Console.Error.WriteLineAsync(paths.Count == 0
                ? $"import needs a PATH: a {CustodyFile.NamePattern} file, or a folder of them."
                : $"import takes one PATH, not {paths.Count}: {string.Join(", ", paths)}.");
            return UsageExitCode;
        }

        var path = paths[0];
        IReadOnlyList<CustodyFile> files;
        try
        {
            files = CustodyFileSearch.Find(path);
        }
        catch (CustodyPathException error)
        {
            await Console.Error.WriteLineAsync(error.Message);
            return UsageExitCode;
        }

        return await WithDatabaseAndBusAsync(hostArguments, cancellationToken, async (services, configuration, openDb) =>
        {
            var importer = new CustodyImporter(
                openDb,
                services.GetRequiredService<ChangePublisher>(),
                services.GetRequiredService<ILogger<CustodyImporter>>(),
                TimeProvider.System)
            {
                MaxReleaseShare = MaxReleaseShareOf(configuration),
                AllowMassRelease = allowMassRelease,
                Evaluation = new ImportedBatchEvaluation(
                    services.GetRequiredService<CurrentRules>(), TimeProvider.System, services.GetRequiredService<ILogger<ImportedBatchEvaluation>>()),
            };
            try
            {
                var summary = await ImportAsync(importer, files, cancellationToken);
                WriteSummary(summary);
                if (summary.Refusal is { } refusal)
                {
                    await Console.Error.WriteLineAsync(refusal);
                    return RefusedExitCode;
                }

                return 0;
            }
            catch (CustodyFileRefusedException error)
            {
                await Console.Error.WriteLineAsync(error.Message);
                return RefusedExitCode;
            }
        });
    }

    /// <summary>`import revert DAY`: undoes DAY and every day imported after it, and says what it undid for each.</summary>
    /// <param name="configuration">Configuration for the host, as --Section:Key=value.</param>
    public static async Task<int> RevertAsync(DateOnly day, string[] configuration, CancellationToken cancellationToken) =>
        await WithDatabaseAndBusAsync(configuration, cancellationToken, async (services, _, openDb) =>
        {
            var revert = new ImportedDaysRevert(
                openDb,
                services.GetRequiredService<ChangePublisher>(),
                services.GetRequiredService<ILogger<ImportedDaysRevert>>(),
                TimeProvider.System);
            try
            {
                WriteReverted(await revert.RevertAsync(day, cancellationToken));
                return 0;
            }
            catch (ImportRevertRefusedException error)
            {
                await Console.Error.WriteLineAsync(error.Message);
                return RefusedExitCode;
            }
        });

    /// <summary>
    /// <see cref="CustodyImporter.MaxReleaseShareKey"/>: a share from 0 to 1 ("0.10"), or a percentage ("10%").
    /// Anything else stops the command, as a bad setting stops the services.
    /// </summary>
    public static double MaxReleaseShareOf(IConfiguration configuration)
    {
        var text = configuration[CustodyImporter.MaxReleaseShareKey];
        if (string.IsNullOrWhiteSpace(text))
        {
            return CustodyImporter.DefaultMaxReleaseShare;
        }

        var percent = text.TrimEnd().EndsWith('%');
        return double.TryParse(percent ? text.TrimEnd().TrimEnd('%') : text, NumberStyles.Float, CultureInfo.InvariantCulture, out var value)
            && (percent ? value / 100 : value) is var share and >= 0 and <= 1
            ? share
            : throw new StartupException($"{CustodyImporter.MaxReleaseShareKey} is '{text}'; it must be a share of the people in custody from 0 to 1 (or 0% to 100%), such as 0.10.");
    }

    /// <summary>
    /// The database (migrated first when it is the embedded SQLite file) and a started bus, for the importer's
    /// units of work, which the audit log records as made by "import".
    /// </summary>
    private static async Task<int> WithDatabaseAndBusAsync(
        string[] hostArguments, CancellationToken cancellationToken, Func<IServiceProvider, IConfiguration, Func<PrisonDb>, Task<int>> work)
    {
        var builder = WebApplication.CreateBuilder(hostArguments);
        var settings = builder.AddPrison(hostWorker: false);
        await StartupChecks.EnsureReachableAsync(settings, cancellationToken);
        await using var app = builder.Build();
        await EnsureSchemaAsync(app.Services, settings, cancellationToken);
        await RuleSetStartup.LoadAsync(app.Services, cancellationToken);

        var bus = app.Services.GetRequiredService<IBusControl>();
        await bus.StartAsync(cancellationToken);
        try
        {
            return await work(app.Services, builder.Configuration, () => PrisonDatabase.OpenAs(AuditActor.Import, settings.ConnectionString));
        }
        finally
        {
            await bus.StopAsync(CancellationToken.None);
        }
    }

    /// <summary>A progress bar at a terminal; when the output goes to a file or a pipe, a line per file instead.</summary>
    private static Task<ImportSummary> ImportAsync(CustodyImporter importer, IReadOnlyList<CustodyFile> files, CancellationToken cancellationToken)
    {
        if (Console.IsOutputRedirected || !AnsiConsole.Profile.Capabilities.Interactive)
        {
            return importer.ImportAsync(files, new PlainImportProgress(Console.Out), cancellationToken);
        }

        var rowsPerFile = files.ToDictionary(f => f, f => CustodyFileReader.CountRows(f.Path));
        return AnsiConsole.Progress()
            .AutoClear(false)
            .Columns(
                new TaskDescriptionColumn(),
                new ProgressBarColumn(),
                new PercentageColumn(),
                new RowsPerSecondColumn(),
                new ElapsedTimeColumn(),
                new RemainingTimeColumn(),
                new SpinnerColumn())
            .StartAsync(context =>
            {
                var task = context.AddTask("custody files", maxValue: Math.Max(1, rowsPerFile.Values.Sum()));
                return importer.ImportAsync(files, new ProgressBarImportProgress(task, rowsPerFile), cancellationToken);
            });
    }

    /// <summary>
    /// The embedded SQLite file is migrated here as the worker does; a PostgreSQL database is the `migrate` verb's
    /// job, so a missing step is reported instead of failing on the first missing table.
    /// </summary>
    private static async Task EnsureSchemaAsync(IServiceProvider services, PrisonSettings settings, CancellationToken cancellationToken)
    {
        if (settings.IsEmbeddedDatabase)
        {
            await services.MigratePrisonDatabaseAsync(cancellationToken);
            return;
        }

        // Asks whether EF's history table exists before reading it: reading a missing table would log an EF error.
        await using var scope = services.CreateAsyncScope();
        var db = scope.ServiceProvider.GetRequiredService<PrisonDb>();
        var hasHistory = await db.Database
            .SqlQuery<bool>($"SELECT EXISTS (SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = '__EFMigrationsHistory') AS \"Value\"")
            .SingleAsync(cancellationToken);
        var applied = hasHistory ? (await db.Database.GetAppliedMigrationsAsync(cancellationToken)).ToHashSet() : [];
        var pending = db.Database.GetMigrations().Where(m => !applied.Contains(m)).ToList();
        if (pending.Count > 0)
        {
            throw new StartupException($"The database schema is not up to date ({string.Join(", ", pending)} not applied): run the worker's `migrate` verb first.");
        }
    }

    private static void WriteReverted(IReadOnlyList<RevertedDay> days)
    {
        var table = new Table().Title("Import revert").AddColumns(
            "day", "file", "inmates put back", "entries struck out", "ends taken back", "convictions taken back");
        string Count(int value) => value.ToString("N0", CultureInfo.InvariantCulture);
        foreach (var day in days)
        {
            table.AddRow(
                day.Day.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture), Markup.Escape(day.FileName ?? "(interrupted, not recorded)"),
                Count(day.Inmates), Count(day.StruckOut), Count(day.Reopened), Count(day.ConvictionsTakenBack));
        }

        AnsiConsole.Write(table);
        Console.Out.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"Reverted {days.Count} day(s) from {days[0].Day:yyyy-MM-dd}: they are no longer imported. Each entry struck out gives " +
            $"\"{ImportedDaysRevert.StrikeReason(days[0].Day)}\" as the reason, naming the day that made it. Import the right files to replay the days."));
    }

    private static void WriteSummary(ImportSummary summary)
    {
        var table = new Table().Title("Custody import").HideHeaders().AddColumn("what").AddColumn(new TableColumn("count").RightAligned());
        void Row(string what, string value) => table.AddRow(Markup.Escape(what), Markup.Escape(value));
        string Count(int value) => value.ToString("N0", CultureInfo.InvariantCulture);
        Row("days imported", Count(summary.DaysImported));
        Row("days skipped (imported already)", Count(summary.DaysSkipped));
        Row("rows", Count(summary.Rows));
        Row("arrivals", Count(summary.Arrivals));
        Row("releases", Count(summary.Releases));
        Row("releases held back (rows without a readable inmateid)", Count(summary.ReleasesHeldBack));
        Row("changes", Count(summary.Changes));
        Row("malformed or rejected rows", Count(summary.Rejected.Count));
        Row("prisoner changes published", Count(summary.Published));
        Row("time", summary.Elapsed.ToString(@"h\:mm\:ss\.f", CultureInfo.InvariantCulture));
        Row("rows per second", summary.RowsPerSecond.ToString("N0", CultureInfo.InvariantCulture));
        AnsiConsole.Write(table);

        var rejected = summary.Rejected;
        if (rejected.Count > 0)
        {
            // Plain lines, not Spectre's: a file:line reference must not be wrapped to the console's width.
            Console.Out.WriteLine($"First rejected rows ({Math.Min(RejectedRowsShown, rejected.Count)} of {rejected.Count}):");
            foreach (var row in rejected.Take(RejectedRowsShown))
            {
                Console.Out.WriteLine($"  {row}");
            }
        }
    }
}
