using System.CommandLine;
using System.Globalization;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db;
using Prison.Db.Reads;
using Prison.Db.Runs;
using Prison.Domain;
using Prison.Domain.Evaluation;
using Prison.Domain.Messages;
using Prison.Runtime.Evaluation;
using Prison.Runtime.Jobs;
using Spectre.Console;

namespace Prison.Worker.CommandLine;

/// <summary>
/// Recomputes every flag in batches and compares it with the stored one. The stored flag is what staff see, so any
/// difference is a bug or a missed re-evaluation: listed, exit code 1, and with --fix stored again. Each stored forecast
/// is recomputed too, over the same record from the instant its verdict was evaluated, and the counts kept at write time
/// (by status, coming up) are compared with what they count.
/// </summary>
internal static class VerifyVerb
{
    private const int Shown = 50;

    public static Command Create()
    {
        var fix = new Option<bool>("--fix") { Description = "store the recomputed flag of every prisoner found wrong or left Unknown" };
        return Verb.Create("verify", "Recompute every flag and report those that differ from the stored one, verdicts older than their record, and prisoners Unknown.", async (parse, configuration, cancellationToken) =>
        {
            using var host = await Verb.BuildServicesAsync(configuration, cancellationToken);
            var services = host.Services;
            var settings = services.GetRequiredService<JobSettings>();
            var evaluator = services.GetRequiredService<DangerEvaluator>();
            var now = services.GetRequiredService<TimeProvider>().GetUtcNow().UtcDateTime;
            var mismatches = new List<Mismatch>();
            var wrongForecasts = new List<ForecastMismatch>();
            var checkedCount = 0;

            await using var scope = services.CreateAsyncScope();
            var db = scope.ServiceProvider.GetRequiredService<PrisonDb>();
            var ends = await db.BatchEndsAsync(RunScope.All, settings.BatchSize, cancellationToken);
            await Progress().StartAsync(async context =>
            {
                var task = context.AddTask("Recomputing flags", maxValue: Math.Max(ends.Count, 1));
                for (var i = 0; i < ends.Count; i++)
                {
                    var prisoners = await db.LoadBatchAsync(new ReevaluateRange(Guid.Empty, i, i == 0 ? null : ends[i - 1].Id, ends[i].Id), cancellationToken);
                    var forecasts = await db.StoredForecastsAsync([.. prisoners.Select(p => p.Id)], cancellationToken);
                    foreach (var prisoner in prisoners)
                    {
                        var fresh = evaluator.Evaluate(prisoner, now);
                        if (Mismatch.Between(prisoner, fresh))
                        {
                            mismatches.Add(new Mismatch(prisoner, fresh));
                        }

                        if (ForecastMismatch.Between(prisoner, forecasts.GetValueOrDefault(prisoner.Id, StoredForecast.None), evaluator) is { } wrong)
                        {
                            wrongForecasts.Add(wrong);
                        }
                    }

                    checkedCount += prisoners.Count;
                    task.Increment(1);
                }

                task.Value = task.MaxValue;
            });
            var behind = await db.VerdictsBehindTheirRecordAsync(cancellationToken);
            var unknown = (await db.BacklogAsync(now, cancellationToken)).Unknown;
            var stale = await db.StaleUnknownAsync(now - settings.UnknownThreshold, int.MaxValue, cancellationToken);
            var wrongCounts = await db.MismatchesAsync(cancellationToken);

            Report(checkedCount, mismatches, wrongForecasts, behind, unknown, stale, now, settings.UnknownThreshold);
            ReportCounts(wrongCounts);
            if (parse.GetValue(fix) && (mismatches.Count > 0 || wrongForecasts.Count > 0 || behind.Count > 0 || stale.Count > 0))
            {
                var stored = await scope.ServiceProvider.GetRequiredService<PrisonerReevaluation>()
                    .ReevaluateAsync(
                        [.. mismatches.Select(m => m.Prisoner.Id).Concat(wrongForecasts.Select(w => w.Prisoner.Id))
                            .Concat(behind.Select(b => b.PrisonerId)).Concat(stale.Select(s => s.PrisonerId)).Distinct()],
                        cancellationToken);
                AnsiConsole.MarkupLineInterpolated($"[green]Fixed:[/] stored {stored} recomputed flag(s) (a prisoner changed meanwhile keeps its newer state).");
            }

            if (parse.GetValue(fix) && wrongCounts.Count > 0)
            {
                var fixedCounts = await db.FixMismatchesAsync(cancellationToken);
                AnsiConsole.MarkupLineInterpolated($"[green]Fixed:[/] {fixedCounts} kept count(s) set to what the stays and verdicts say.");
            }

            return mismatches.Count == 0 && wrongForecasts.Count == 0 && behind.Count == 0 && stale.Count == 0 && wrongCounts.Count == 0 ? 0 : 1;
        }, fix);
    }

    /// <summary>The counts kept at write time (by status, coming up) that differ from what they count.</summary>
    private static void ReportCounts(IReadOnlyList<KeptCountMismatch> wrongCounts)
    {
        AnsiConsole.MarkupLineInterpolated($"{wrongCounts.Count} kept count(s) differ from the stays and verdicts they count.");
        if (wrongCounts.Count > 0)
        {
            var table = new Table().AddColumns("Prison id", "Count", "Kept", "Actual");
            foreach (var w in wrongCounts.Take(Shown))
            {
                table.AddRow(
                    w.PrisonId.ToString(CultureInfo.InvariantCulture), Markup.Escape(w.What),
                    w.Kept.ToString(CultureInfo.InvariantCulture), w.Actual.ToString(CultureInfo.InvariantCulture));
            }

            AnsiConsole.Write(table);
        }
    }

    private static Spectre.Console.Progress Progress() =>
        AnsiConsole.Progress().AutoClear(true).Columns(new TaskDescriptionColumn(), new ProgressBarColumn(), new PercentageColumn(), new RemainingTimeColumn());

    private static void Report(
        int checkedCount, IReadOnlyList<Mismatch> mismatches, IReadOnlyList<ForecastMismatch> wrongForecasts, IReadOnlyList<VerdictBehindRecord> behind,
        int unknown, IReadOnlyList<StaleUnknown> stale, DateTime now, TimeSpan threshold)
    {
        AnsiConsole.MarkupLineInterpolated(
            $"Checked {checkedCount} prisoners: {mismatches.Count} stored flag(s) differ from the rules, {unknown} prisoner(s) Unknown ({stale.Count} for longer than {threshold}).");
        AnsiConsole.MarkupLineInterpolated($"{wrongForecasts.Count} stored forecast(s) differ from the rules over the same record.");

        // The promise's own fingerprint, apart from what the rules say: a known verdict beside a later change.
        AnsiConsole.MarkupLineInterpolated($"{behind.Count} verdict(s) older than their prisoner's last change and not Unknown.");
        if (mismatches.Count > 0)
        {
            var table = new Table().AddColumns("Number", "Stored", "Rules say", "Stored reasons", "Reasons now");
            foreach (var m in mismatches.Take(Shown))
            {
                table.AddRow(
                    Markup.Escape(m.Prisoner.Number), m.Prisoner.DangerStatus.ToString(), m.Fresh.Status.ToString(),
                    Markup.Escape(string.Join(" ", m.Prisoner.DangerReasons)), Markup.Escape(string.Join(" ", m.Fresh.FiredRules.Select(f => f.Code))));
            }

            AnsiConsole.Write(table);
        }

        if (wrongForecasts.Count > 0)
        {
            var table = new Table().AddColumns("Number", "Stored forecast", "Rules say");
            foreach (var w in wrongForecasts.Take(Shown))
            {
                table.AddRow(Markup.Escape(w.Prisoner.Number), Markup.Escape(w.Stored.ToString()), Markup.Escape(w.Fresh.ToString()));
            }

            AnsiConsole.Write(table);
        }

        if (behind.Count > 0)
        {
            var table = new Table().AddColumns("Number", "Verdict for version", "Record at version", "Evaluated (UTC)", "Changed (UTC)");
            foreach (var b in behind.Take(Shown))
            {
                table.AddRow(
                    Markup.Escape(b.Number), b.EvaluatedVersion?.ToString(CultureInfo.InvariantCulture) ?? "none", b.ChangeVersion.ToString(CultureInfo.InvariantCulture),
                    b.EvaluatedAtUtc?.ToString("yyyy-MM-dd HH:mm:ss", CultureInfo.InvariantCulture) ?? "never", b.ChangedAtUtc.ToString("yyyy-MM-dd HH:mm:ss", CultureInfo.InvariantCulture));
            }

            AnsiConsole.Write(table);
        }

        if (stale.Count > 0)
        {
            var table = new Table().AddColumns("Number", "Unknown since (UTC)", "For");
            foreach (var s in stale.Take(Shown))
            {
                table.AddRow(Markup.Escape(s.Number), s.ChangedAtUtc.ToString("yyyy-MM-dd HH:mm:ss"), (now - s.ChangedAtUtc).ToString(@"d\.hh\:mm\:ss"));
            }

            AnsiConsole.Write(table);
        }

        if (mismatches.Count > Shown || wrongForecasts.Count > Shown || behind.Count > Shown || stale.Count > Shown)
        {
            AnsiConsole.MarkupLine($"(the first {Shown} of each are listed)");
        }
    }
}
