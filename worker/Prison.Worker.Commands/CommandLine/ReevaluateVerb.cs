using System.CommandLine;
using MassTransit;
using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db;
using Prison.Db.Runs;
using Prison.Runtime.Runs;
using Prison.ServiceDefaults;
using Spectre.Console;

namespace Prison.Worker.CommandLine;

internal static class ReevaluateVerb
{
    public static Command Create()
    {
        var all = new Option<bool>("--all") { Description = "every prisoner" };
        var prison = new Option<string?>("--prison") { Description = "the current prisoners of the prison with this code", HelpName = "CODE" };
        var prisoner = new Option<string?>("--prisoner") { Description = "one prisoner, by number", HelpName = "NUMBER" };
        return Verb.Create(
            "reevaluate",
            "Start a re-evaluation run (or join the one going) and show its progress until it ends. Ctrl+C stops watching, not the run.",
            async (parse, configuration, cancellationToken) =>
            {
                var (wantsAll, code, number) = (parse.GetValue(all), parse.GetValue(prison), parse.GetValue(prisoner));
                if ((wantsAll ? 1 : 0) + (code is null ? 0 : 1) + (number is null ? 0 : 1) != 1)
                {
                    throw new UsageException("Say which prisoners: exactly one of --all, --prison CODE or --prisoner NUMBER.");
                }

                using var host = await Verb.StartBusAsync(configuration, cancellationToken);
                RunStart start;
                await using (var scope = host.Services.CreateAsyncScope())
                {
                    var db = scope.ServiceProvider.GetRequiredService<PrisonDb>();
                    var scopeOfRun = wantsAll ? RunScope.All : await ScopeAsync(db, code, number, cancellationToken);
                    start = await scope.ServiceProvider.GetRequiredService<ReevaluationRuns>().StartAsync($"command line ({Environment.UserName})", scopeOfRun, cancellationToken);
                }

                AnsiConsole.MarkupLine(Markup.Escape(start.Joined ? $"A run is already going, so this joins it: {start.Run}." : $"Started {start.Run}."));
                try
                {
                    var run = await RunProgress.WatchAsync(host.Services, start.Run.Id, cancellationToken);
                    AnsiConsole.MarkupLineInterpolated($"[green]Finished:[/] {run.Done} re-evaluated, {run.Failed} failed, in {(run.FinishedAtUtc - run.StartedAtUtc)?.TotalSeconds:0.0} s.");
                    return run.Failed == 0 ? 0 : 1;
                }
                catch (OperationCanceledException)
                {
                    var embedded = host.Services.GetRequiredService<PrisonSettings>().RabbitMq is null;
                    AnsiConsole.MarkupLine(Markup.Escape(embedded
                        ? "Stopped watching. In the embedded mode the run's batches were held by this process, so the run ends with it."
                        : $"Stopped watching; run {start.Run.Id} goes on in the workers. Run the same command again to watch it."));
                    return 0;
                }
                finally
                {
                    await host.Services.GetRequiredService<IBusControl>().StopAsync(CancellationToken.None);
                }
            },
            all,
            prison,
            prisoner);
    }

    private static async Task<RunScope> ScopeAsync(PrisonDb db, string? code, string? number, CancellationToken cancellationToken)
    {
        if (code is not null)
        {
            var prisons = await db.Prisons.AsNoTracking().ToListAsync(cancellationToken);
            return prisons.FirstOrDefault(p => string.Equals(p.Code, code, StringComparison.OrdinalIgnoreCase)) is { } found
                ? RunScope.Prison(found.Id, found.Code)
                : throw new UsageException($"No prison has the code '{code}'. The codes are: {string.Join(", ", prisons.Select(p => p.Code).Order())}.");
        }

        return await db.Prisoners.AsNoTracking().Where(p => p.Number == number).Select(p => (Guid?)p.Id).SingleOrDefaultAsync(cancellationToken) is { } id
            ? RunScope.Prisoner(id, number!)
            : throw new UsageException($"No prisoner has the number '{number}'.");
    }
}
