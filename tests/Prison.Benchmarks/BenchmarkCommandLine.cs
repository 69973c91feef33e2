using System.CommandLine;
using Prison.Benchmarks.Data;
using Prison.Benchmarks.Designs;
using Prison.Benchmarks.Load;
using Prison.Benchmarks.Reads;
using Prison.Benchmarks.Reporting;
using Prison.Benchmarks.Writes;

namespace Prison.Benchmarks;

/// <summary>
/// dotnet run -c Release --project tests/Prison.Benchmarks -- &lt;benchmark&gt; [--prisoners N]; see docs/development.md, "Benchmarks".
/// Mistakes print the usage (System.CommandLine), never a stack trace.
/// </summary>
public static class BenchmarkCommandLine
{
    public static async Task<int> InvokeAsync(string[] args)
    {
        var prisoners = new Option<int>("--prisoners") { Description = "the data set's size: prisoners generated in the database prison_bench_N", DefaultValueFactory = _ => 10_000 };
        prisoners.Validators.Add(result =>
        {
            if (result.GetValue(prisoners) is < 100 or > 5_000_000)
            {
                result.AddError("--prisoners must be from 100 to 5,000,000.");
            }
        });
        var output = new Option<string?>("--output") { Description = "the Markdown file to update (default: docs/benchmarks.md of this repository)", HelpName = "PATH" };
        string Output(ParseResult parse) => parse.GetValue(output) ?? BenchmarkReport.DefaultPath();

        var generate = new Command("generate", "Generate (or keep) the data set of N prisoners and its stored verdicts.") { prisoners };
        generate.SetAction(async (parse, cancellationToken) =>
        {
            BenchmarkSetupException.ThrowIfServersMissing();
            Console.WriteLine(await BenchDatabase.For(parse.GetValue(prisoners)).EnsureReadyAsync(cancellationToken));
            return 0;
        });

        var designs = new Command("dashboard-designs", "1. The dashboard's reads in designs A, B and C on the same data.") { prisoners, output };
        designs.SetAction(async (parse, cancellationToken) =>
        {
            BenchmarkSetupException.ThrowIfServersMissing();
            await DashboardDesigns.RunAsync(parse.GetValue(prisoners), Output(parse), null, cancellationToken);
            return 0;
        });

        var seconds = new Option<int>("--seconds") { Description = "how long each load level runs", DefaultValueFactory = _ => 10 };
        var telemetry = new Option<bool>("--telemetry") { Description = "with traces exported over OTLP and metrics served and scraped, in a section of its own" };
        var http = new Command("dashboard-http", "2. Requests per second for the dashboard page over HTTP, production mode, 1, 8 and 32 clients.") { prisoners, seconds, telemetry, output };
        http.SetAction(async (parse, cancellationToken) =>
        {
            BenchmarkSetupException.ThrowIfServersMissing();
            await DashboardLoad.RunAsync(parse.GetValue(prisoners), parse.GetValue(seconds), [1, 8, 32], Output(parse), null, cancellationToken, parse.GetValue(telemetry));
            return 0;
        });

        var rate = new Option<int>("--rate") { Description = "changes per second", DefaultValueFactory = _ => 200 };
        var commitToVerdict = new Command("commit-to-verdict", "3. Commit to verdict at a steady rate, then the rate one and two workers sustain.") { prisoners, rate, seconds, telemetry, output };
        commitToVerdict.SetAction(async (parse, cancellationToken) =>
        {
            BenchmarkSetupException.ThrowIfServersMissing();
            await CommitToVerdict.RunAsync(parse.GetValue(prisoners), parse.GetValue(rate), parse.Tokens.Any(t => t.Value == "--seconds") ? parse.GetValue(seconds) : 60, Output(parse), null, cancellationToken,
                withTelemetry: parse.GetValue(telemetry));
            return 0;
        });

        var workers = new Option<int[]>("--workers") { Description = "how many worker processes, one run for each count given", DefaultValueFactory = _ => [1, 2], AllowMultipleArgumentsPerToken = true };
        workers.Validators.Add(result =>
        {
            if (result.GetValue(workers) is not { Length: > 0 } counts || counts.Any(c => c is < 1 or > 8))
            {
                result.AddError("--workers takes counts from 1 to 8, e.g. --workers 1 2.");
            }
        });
        var database = new Option<string?>("--database") { Description = "the database to use instead of prison_bench_N (kept between runs as that one is)", HelpName = "NAME" };
        var reevaluate = new Command("reevaluate", "4. A full re-evaluation of every prisoner by one and by two worker processes.") { prisoners, workers, database, output };
        reevaluate.SetAction(async (parse, cancellationToken) =>
        {
            BenchmarkSetupException.ThrowIfServersMissing();
            await FullReevaluation.RunAsync(parse.GetValue(prisoners), parse.GetValue(workers)!, Output(parse), parse.GetValue(database), cancellationToken);
            return 0;
        });

        var poll = new Command("dashboard-poll", "5. Answers per second of an open dashboard's poll when nothing changed (304) over HTTP, production mode, 1, 8 and 32 clients.") { prisoners, seconds, output };
        poll.SetAction(async (parse, cancellationToken) =>
        {
            BenchmarkSetupException.ThrowIfServersMissing();
            await DashboardPollLoad.RunAsync(parse.GetValue(prisoners), parse.GetValue(seconds), [1, 8, 32], Output(parse), null, cancellationToken);
            return 0;
        });

        var searchAndLists = new Command("search-and-lists", "6. The search by number and name, and the pages of a prison's full lists, p50 and p99.") { prisoners, output };
        searchAndLists.SetAction(async (parse, cancellationToken) =>
        {
            BenchmarkSetupException.ThrowIfServersMissing();
            await SearchAndLists.RunAsync(parse.GetValue(prisoners), Output(parse), null, cancellationToken);
            return 0;
        });

        var sinceLastShift = new Command("since-last-shift", "7. The \"Since last shift\" page's statement over a month of verdict changes, at every prison.") { prisoners, output };
        sinceLastShift.SetAction(async (parse, cancellationToken) =>
        {
            BenchmarkSetupException.ThrowIfServersMissing();
            await SinceLastShift.RunAsync(parse.GetValue(prisoners), Output(parse), null, cancellationToken);
            return 0;
        });

        var overview = new Command("headquarters-overview", "8. The headquarters overview's statement over ninety days of kept Dangerous figures, every prison and one.") { prisoners, database, output };
        overview.SetAction(async (parse, cancellationToken) =>
        {
            BenchmarkSetupException.ThrowIfServersMissing();
            await HeadquartersOverview.RunAsync(parse.GetValue(prisoners), Output(parse), parse.GetValue(database), cancellationToken);
            return 0;
        });

        var postToEvent = new Command("post-to-event", "9. Commit to the verdict's event received on a bound queue, at a steady rate.") { prisoners, rate, seconds, database, output };
        postToEvent.SetAction(async (parse, cancellationToken) =>
        {
            BenchmarkSetupException.ThrowIfServersMissing();
            await PostToEvent.RunAsync(parse.GetValue(prisoners), parse.GetValue(rate), parse.Tokens.Any(t => t.Value == "--seconds") ? parse.GetValue(seconds) : 30,
                Output(parse), parse.GetValue(database), cancellationToken);
            return 0;
        });

        var queueName = new Option<string>("--queue") { Description = "the queue to consume", Required = true };
        var eventConsumer = new Command(EventConsumerProcess.Verb, "Benchmark 9's consumer process: prints each event's id, prisoner and arrival.") { queueName };
        eventConsumer.Hidden = true;
        eventConsumer.SetAction(async (parse, _) =>
        {
            await EventConsumerProcess.RunAsync(parse.GetValue(queueName)!);
            return 0;
        });

        var days = new Option<int?>("--days") { Description = "how many of the custody files to import, from the first (default: all)" };
        var data = new Option<string?>("--data") { Description = "the folder of NYC DOC daily custody files (default: shared/data/nyc-doc-daily above this folder)", HelpName = "PATH" };
        var importWindow = new Command("import-window", "10. The oldest Unknown prisoner's wait, sampled each second, while custody files are imported with a live worker.") { days, data, output };
        importWindow.SetAction(async (parse, cancellationToken) =>
        {
            BenchmarkSetupException.ThrowIfServersMissing();
            await ImportWindow.RunAsync(parse.GetValue(data) ?? ImportWindow.DefaultDataFolder(), parse.GetValue(days), Output(parse), cancellationToken);
            return 0;
        });

        var readApi = new Command("read-api", "11. The read API over HTTP with an API client's token, production mode: one prisoner's verdict and a prison's Dangerous list, 1 and 8 clients.") { prisoners, seconds, database, output };
        readApi.SetAction(async (parse, cancellationToken) =>
        {
            BenchmarkSetupException.ThrowIfServersMissing();
            await ReadApiLoad.RunAsync(parse.GetValue(prisoners), parse.GetValue(seconds), [1, 8], Output(parse), parse.GetValue(database), cancellationToken);
            return 0;
        });

        var requests = new Option<int>("--requests") { Description = "how many dashboard pages to time", DefaultValueFactory = _ => 2000 };
        var dashboard = new Command("dashboard", "The demo data's dashboard over HTTP with one client, and the statements each read and write sends.") { requests };
        dashboard.SetAction((parse, cancellationToken) =>
        {
            BenchmarkSetupException.ThrowIfServersMissing();
            return DashboardPage.RunAsync(parse.GetValue(requests), cancellationToken);
        });

        var root = new RootCommand("Measurements of the prison dashboard on this machine; results go to docs/benchmarks.md.")
        {
            generate, designs, http, commitToVerdict, reevaluate, poll, searchAndLists, sinceLastShift, overview, postToEvent, eventConsumer, importWindow, readApi, dashboard,
        };
        try
        {
            return await root.Parse(args).InvokeAsync(new InvocationConfiguration { EnableDefaultExceptionHandler = false });
        }
        catch (BenchmarkSetupException problem)
        {
            await Console.Error.WriteLineAsync(problem.Message);
            return 2;
        }
    }
}
