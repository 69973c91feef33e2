using System.Diagnostics;
using Microsoft.EntityFrameworkCore;
using Prison.Db;
using Prison.Db.Audit;
using Prison.Db.Demo;
using Prison.Db.Reads;
using Prison.Db.RuleSettings;
using Prison.Domain;
using Prison.Domain.Evaluation;
using Prison.Runtime.Evaluation;
using Prison.Runtime.Jobs;

namespace Prison.Web.Demo;

/// <summary>
/// Loads the demo into an empty database as a prison that has been running for <see cref="Days"/> days: the days are
/// replayed with a clock that moves through them. Each moment's records are saved by the one save path and evaluated as
/// the consumer evaluates them; the due-time job runs at each instant a verdict is due to change, and the nightly
/// re-evaluation on the last night. So the verdict history, the forecasts and the kept daily figures are what the
/// product would have stored had it run all along, and `verify` finds nothing to correct.
/// </summary>
public static class DemoSeeding
{
    public const int Days = 120;

    /// <summary>The hours of a day at which staff record, in the prison's zone: the first slot's, then one every 2.5 h.</summary>
    private static readonly TimeSpan FirstSlot = TimeSpan.FromHours(7);

    private static readonly TimeSpan SlotLength = TimeSpan.FromHours(2.5);

    /// <summary>The hour of <see cref="JobSettings.DefaultNightlyCron"/>, in the prison's zone.</summary>
    private static readonly TimeSpan NightlyHour = TimeSpan.FromHours(2);

    /// <summary>Within the span Since last shift shows by default.</summary>
    private static readonly TimeSpan LastShift = TimeSpan.FromHours(11);

    /// <summary>How long after a save the consumer stores its verdict.</summary>
    private static readonly TimeSpan ConsumerDelay = TimeSpan.FromSeconds(2);

    /// <summary>Loads the demo into an empty database; returns what the replay did (null when the database had data).</summary>
    public static async Task<DemoReplaySummary?> SeedDemoDataAsync(this IServiceProvider services, CancellationToken cancellationToken)
    {
        await using var scope = services.CreateAsyncScope();
        var provider = scope.ServiceProvider;
        var calendar = provider.GetRequiredService<PrisonCalendar>();
        var now = provider.GetRequiredService<TimeProvider>().GetUtcNow().UtcDateTime;
        var today = calendar.Today(now);
        var firstDay = today.AddDays(-Days);
        var clock = new ReplayClock(calendar.StartOfDayUtc(firstDay));
        var db = provider.GetRequiredService<PrisonDb>().ActingAs(new AuditActor("staff", "demo"), clock);
        if (!await db.IsEmptyAsync(cancellationToken))
        {
            return null;
        }

        // The replay commits a thousand times: on SQLite each commit would wait for the disk. Its one connection lets
        // commits reach the disk at checkpoints instead (WAL's NORMAL: a crash loses no committed data, a power cut
        // at most the last commits, never the file's consistency), and is given back waiting for each commit again.
        await db.Database.OpenConnectionAsync(cancellationToken);
        try
        {
            if (!db.IsPostgreSql)
            {
                await db.Database.ExecuteSqlRawAsync("PRAGMA synchronous=NORMAL", cancellationToken);
            }

            return await ReplayAsync(provider, db, calendar, clock, today, now, cancellationToken);
        }
        finally
        {
            if (!db.IsPostgreSql)
            {
                await db.Database.ExecuteSqlRawAsync("PRAGMA synchronous=FULL", CancellationToken.None);
            }

            await db.Database.CloseConnectionAsync();
        }
    }

    private static async Task<DemoReplaySummary> ReplayAsync(IServiceProvider provider, PrisonDb db, PrisonCalendar calendar, ReplayClock clock, DateOnly today, DateTime now, CancellationToken cancellationToken)
    {
        var started = Stopwatch.GetTimestamp();
        var processorTime = Process.GetCurrentProcess().TotalProcessorTime;
        var data = DemoRecords.Create(today);
        db.Prisons.AddRange(data.Prisons);
        await db.SaveChangesAsync(cancellationToken);
        await db.KeepDailyFiguresSinceAsync(DateOnly.FromDateTime(clock.GetUtcNow().UtcDateTime), cancellationToken);

        // The rule set the product would have recorded at its first start, on the first day.
        var rules = provider.GetRequiredService<CurrentRules>();
        await rules.RefreshAsync(db, cancellationToken);
        await db.RecordRuleSetInForceAsync(rules.RuleSet.Id, clock.GetUtcNow().UtcDateTime, cancellationToken);

        var replay = new Replay(db, clock, new PrisonerReevaluation(db, rules, clock), provider.GetRequiredService<JobSettings>(), calendar, now);
        foreach (var moment in DemoHistory.Of(data, today, Days).GroupBy(s => (s.Day, s.Slot)))
        {
            await replay.RecordAsync(replay.InstantOf(moment.Key.Day, moment.Key.Slot), [.. moment], cancellationToken);
        }

        await replay.CatchUpAsync(now, cancellationToken);
        provider.GetRequiredService<ILogger<PrisonDb>>().LogInformation(
            "Loaded demo data in {Seconds:0.0} s ({ProcessorSeconds:0.0} s of processor time): {Days} days replayed, {Prisoners} prisoners, {Saves} saves, {Evaluations} evaluations, {DueRuns} due-time runs.",
            Stopwatch.GetElapsedTime(started).TotalSeconds, (Process.GetCurrentProcess().TotalProcessorTime - processorTime).TotalSeconds, Days, data.Prisoners.Count + data.Released.Count, replay.Summary.Saves, replay.Summary.Evaluations, replay.Summary.DueRuns);
        return replay.Summary;
    }

    private sealed class Replay(PrisonDb db, ReplayClock clock, PrisonerReevaluation reevaluation, JobSettings settings, PrisonCalendar calendar, DateTime now)
    {
        private readonly Dictionary<string, Guid> _ids = [];

        private readonly DueReevaluationJob _due = new(db, reevaluation, settings, clock);

        /// <summary>
        /// The nightly run replayed: the last one before now, at the default schedule's hour (the nights before it would
        /// store the verdicts the due-time job had stored already).
        /// </summary>
        private DateTime? _nightly = LastNightly(calendar, now);

        public DemoReplaySummary Summary { get; private set; } = new(Days, 0, 0, 0, 0);

        /// <summary>
        /// The instant of a slot of a day: spread over the working day, or for today over the hours passed since the
        /// later of midnight and the start of the last shift, so that nothing is recorded after now and today's news is
        /// what Since last shift shows.
        /// </summary>
        public DateTime InstantOf(DateOnly day, int slot)
        {
            var start = calendar.StartOfDayUtc(day);
            if (day < calendar.Today(now))
            {
                return start + FirstSlot + (slot * SlotLength);
            }

            var from = start > now - LastShift ? start : now - LastShift;
            return from + ((now - from) * (slot + 1) / (DemoHistory.SlotsPerDay + 1));
        }

        /// <summary>Saves one moment's steps, as staff would, then evaluates the changed prisoners as the consumer does.</summary>
        public async Task RecordAsync(DateTime at, IReadOnlyList<DemoStep> steps, CancellationToken cancellationToken)
        {
            await CatchUpAsync(at, cancellationToken);
            clock.MoveTo(at);
            db.ChangeTracker.Clear();
            var existing = steps.Where(s => s.Create is null).Select(s => _ids[s.Number]).ToList();
            var loaded = existing.Count == 0 ? [] : (await db.LoadPrisonersAsync(existing, Tracking.Tracked, cancellationToken)).ToDictionary(p => p.Number);
            var changed = new List<Prisoner>(steps.Count);
            foreach (var step in steps)
            {
                var prisoner = step.Create?.Invoke() ?? loaded[step.Number];
                if (step.Create is not null)
                {
                    db.Prisoners.Add(prisoner);
                    _ids[step.Number] = prisoner.Id;
                }

                foreach (var change in step.Changes)
                {
                    change(prisoner);
                }

                changed.Add(prisoner);
            }

            await db.SaveRecordChangesAsync(cancellationToken);
            clock.MoveTo(at + ConsumerDelay);
            var stored = await reevaluation.WriteAsync(changed, cancellationToken);
            Summary = Summary with { Saves = Summary.Saves + 1, Evaluations = Summary.Evaluations + changed.Count };
            if (stored != changed.Count)
            {
                throw new InvalidOperationException($"The demo's replay stored {stored} verdicts of {changed.Count} at {at:O}.");
            }
        }

        /// <summary>
        /// Runs what the schedule would have run before <paramref name="until"/>: the due-time job at the first minute
        /// after each instant a verdict was due to change, and the nightly re-evaluation.
        /// </summary>
        public async Task CatchUpAsync(DateTime until, CancellationToken cancellationToken)
        {
            while (true)
            {
                var due = await db.Prisoners.AsNoTracking()
                    .Where(p => p.ReevaluateAtUtc != null && p.DangerStatus != DangerStatus.Unknown)
                    .MinAsync(p => p.ReevaluateAtUtc, cancellationToken) is { } next
                    ? NextMinute(next)
                    : DateTime.MaxValue;
                if (_nightly is { } nightly && nightly <= until && nightly <= due)
                {
                    clock.MoveTo(nightly);
                    var everyone = await db.Prisoners.AsNoTracking().OrderBy(p => p.Id).Select(p => p.Id).ToListAsync(cancellationToken);
                    foreach (var batch in everyone.Chunk(settings.BatchSize))
                    {
                        await reevaluation.ReevaluateAsync(batch, cancellationToken);
                    }

                    Summary = Summary with { Evaluations = Summary.Evaluations + everyone.Count, NightlyRuns = Summary.NightlyRuns + 1 };
                    _nightly = null;
                    continue;
                }

                if (due > until)
                {
                    return;
                }

                clock.MoveTo(due);
                db.ChangeTracker.Clear();
                await _due.RunAsync(cancellationToken);
                Summary = Summary with { DueRuns = Summary.DueRuns + 1 };
            }
        }

        private static DateTime NextMinute(DateTime instant) =>
            new(instant.Ticks - (instant.Ticks % TimeSpan.TicksPerMinute) + TimeSpan.TicksPerMinute, DateTimeKind.Utc);

        private static DateTime? LastNightly(PrisonCalendar calendar, DateTime now)
        {
            var today = calendar.Today(now);
            var tonight = calendar.StartOfDayUtc(today) + NightlyHour;
            return tonight <= now ? tonight : calendar.StartOfDayUtc(today.AddDays(-1)) + NightlyHour;
        }
    }
}
