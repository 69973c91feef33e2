using Microsoft.EntityFrameworkCore;
using Prison.Db.History;
using Prison.Db.Reads;
using Prison.Db.Writes;
using Prison.Domain;
using Prison.Domain.Evaluation;

namespace Prison.Db.Tests.Writes;

/// <summary>
/// The history's promise over all data, whatever the interleaving: each prisoner's changes chain from no verdict to its
/// current known verdict, each a real change (status or reasons) with exactly the rules that came and went, and the
/// known verdict is the stored one whenever that is known.
/// </summary>
public class VerdictHistoryInvariantTests
{
    private static readonly DangerEvaluator Evaluator = new(new RuleSet(RuleCatalog.BuiltIn()).Without(["ArrivedInLast7Days"]), new PrisonCalendar(TimeZoneInfo.Utc));

    /// <summary>
    /// Changers flip prisoners between remand and convicted, start and end segregations and correct names (a change that
    /// moves no rule: Unknown and back, no history) as fast as they can, while two evaluators store verdicts as the
    /// consumer does and a third re-evaluates everyone as a run does; then the history is checked against the verdicts.
    /// </summary>
    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Changes_racing_verdict_writes_and_runs_leave_each_history_ending_at_the_known_verdict(Engine engine)
    {
        const int prisonerCount = 8;
        const int changesEach = 24;
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        IReadOnlyList<Prisoner> prisoners;
        await using (var db = database.Open())
        {
            db.Prisons.Add(Records.Prison());
            prisoners = [.. Enumerable.Range(1, prisonerCount).Select(n => Records.Harmless($"H{n:000}", 1, TestDay.Today.AddDays(-30 - n)))];
            db.Prisoners.AddRange(prisoners);
            await db.SaveRecordChangesAsync();
        }

        var messages = System.Threading.Channels.Channel.CreateUnbounded<(Guid Id, long Version)>();
        foreach (var prisoner in prisoners)
        {
            messages.Writer.TryWrite((prisoner.Id, prisoner.ChangeVersion));
        }

        var changing = prisoners.Count * 2;
        // The first changer of each prisoner lets a verdict land after each of its saves, so that flips reach the history
        // however the machine schedules the tasks; the second changes as fast as it can, racing the verdict writes.
        async Task ChangeAsync(Prisoner prisoner, int salt, bool waitsForVerdict)
        {
            for (var n = 0; n < changesEach; n++)
            {
                await using var db = database.Open();
                var loaded = (await db.LoadPrisonerAsync(prisoner.Number, Tracking.Tracked))!;
                await Task.Yield();
                switch ((n + salt) % 4)
                {
                    case 0:
                        loaded.ChangeLegalStatus(loaded.LegalStatus == Domain.Record.LegalStatus.Remand ? Domain.Record.LegalStatus.Convicted : Domain.Record.LegalStatus.Remand);
                        break;
                    case 1:
                        loaded.CorrectPersonalDetails($"Name {n} {salt}", loaded.DateOfBirth);
                        break;
                    case 2 when loaded.SegregationPeriods.FirstOrDefault(s => s.Period.End is null) is { } open:
                        loaded.EndSegregation(open.Id, TestDay.Today);
                        break;
                    default:
                        loaded.Segregate(TestDay.Today, $"round {n}");
                        break;
                }

                try
                {
                    foreach (var change in await db.SaveRecordChangesAsync())
                    {
                        messages.Writer.TryWrite((change.PrisonerId, change.ChangeVersion));
                        if (waitsForVerdict)
                        {
                            await VerdictOrNewerChangeAsync(change.PrisonerId, change.ChangeVersion);
                        }
                    }
                }
                catch (DbUpdateConcurrencyException)
                {
                    // Another changer's save came between this load and save: nothing is saved, as on the prisoner page.
                }
            }

            if (Interlocked.Decrement(ref changing) == 0)
            {
                messages.Writer.Complete();
            }
        }

        async Task VerdictOrNewerChangeAsync(Guid id, long savedVersion)
        {
            var giveUp = DateTime.UtcNow.AddSeconds(10);
            while (DateTime.UtcNow < giveUp)
            {
                await using var db = database.Open();
                var now = await db.Prisoners.AsNoTracking().Where(p => p.Id == id).Select(p => new { p.DangerStatus, p.ChangeVersion }).SingleAsync();
                if (now.DangerStatus != DangerStatus.Unknown || now.ChangeVersion > savedVersion)
                {
                    return;
                }

                await Task.Delay(2);
            }
        }

        async Task EvaluateAsync()
        {
            while (await messages.Reader.WaitToReadAsync())
            {
                var batch = new List<(Guid Id, long Version)>();
                while (batch.Count < 5 && messages.Reader.TryRead(out var message))
                {
                    batch.Add(message);
                }

                var newest = batch.GroupBy(m => m.Id).ToDictionary(g => g.Key, g => g.Max(m => m.Version));
                await using var db = database.Open();
                var due = (await db.LoadPrisonersAsync(newest.Keys.ToList(), Tracking.Untracked))
                    .Where(p => p.ChangeVersion == newest[p.Id] && p.AwaitsVerdict(Evaluator.RuleSet.Id))
                    .ToList();
                await Task.Yield();
                await db.WriteVerdictsAsync([.. due.Select(Evaluated)]);
            }
        }

        async Task RunAsync()
        {
            while (!messages.Reader.Completion.IsCompleted)
            {
                await using var db = database.Open();
                var everyone = await db.LoadPrisonersAsync(prisoners.Select(p => p.Id).ToList(), Tracking.Untracked);
                await db.WriteVerdictsAsync([.. everyone.Select(Evaluated).Reverse()]);
                await Task.Delay(5);
            }
        }

        var evaluators = new[] { Task.Run(EvaluateAsync), Task.Run(EvaluateAsync), Task.Run(RunAsync) };
        await Task.WhenAll(prisoners.SelectMany((p, i) => new[] { Task.Run(() => ChangeAsync(p, i, waitsForVerdict: true)), Task.Run(() => ChangeAsync(p, i + 1, waitsForVerdict: false)) }));
        await Task.WhenAll(evaluators);

        await using var check = database.Open();
        var stored = await check.LoadPrisonersAsync(prisoners.Select(p => p.Id).ToList(), Tracking.Untracked);
        Assert.All(stored, p => Assert.NotEqual(DangerStatus.Unknown, p.DangerStatus));
        var changes = await AssertHistoryConsistentAsync(database);
        // That the race did race: beyond each prisoner's first verdict, flips stored while others changed. The pacing changers
        // make them many on any machine; how many more depends on how the machine interleaves the tasks.
        Assert.True(changes >= prisonerCount * 2, $"the changers should have flipped the verdicts repeatedly ({changes} changes)");
    }

    /// <summary>
    /// Checks the history over all data and returns how many changes it holds: for each prisoner, its changes chain
    /// from no verdict, each from the previous one's verdict, each a real change with exactly the rules that came and
    /// went, the last one its known verdict; the known verdict is the stored one when that is known, and a prisoner
    /// with a known verdict has a history.
    /// </summary>
    internal static async Task<int> AssertHistoryConsistentAsync(ScratchDatabase database)
    {
        await using var db = database.Open();
        var history = (await db.Set<VerdictChange>().AsNoTracking().OrderBy(c => c.Id).ToListAsync())
            .GroupBy(c => c.PrisonerId)
            .ToDictionary(g => g.Key, g => g.ToList());
        var prisoners = await db.Prisoners.AsNoTracking()
            .Select(p => new
            {
                p.Id,
                p.Number,
                p.DangerStatus,
                Reasons = EF.Property<string>(p, Prison.Db.Mappings.PrisonerConfiguration.DangerReasonCodes),
                KnownStatus = EF.Property<DangerStatus?>(p, Prison.Db.Mappings.PrisonerConfiguration.KnownStatus),
                KnownReasons = EF.Property<string?>(p, Prison.Db.Mappings.PrisonerConfiguration.KnownReasons),
            })
            .ToListAsync();
        Assert.All(prisoners, p =>
        {
            if (p.DangerStatus != DangerStatus.Unknown)
            {
                Assert.Equal((p.Number, (DangerStatus?)p.DangerStatus, p.Reasons), (p.Number, p.KnownStatus, p.KnownReasons));
            }

            var changes = history.GetValueOrDefault(p.Id) ?? [];
            if (p.KnownStatus is null)
            {
                Assert.Empty(changes);
                return;
            }

            Assert.NotEmpty(changes);
            (DangerStatus? Status, IReadOnlyList<string> Reasons) previous = (null, []);
            foreach (var change in changes)
            {
                Assert.Equal((p.Number, change.Id, previous.Status), (p.Number, change.Id, change.FromStatus));
                Assert.True(change.ToStatus != previous.Status || !change.Reasons.Order().SequenceEqual(previous.Reasons.Order()), $"{p.Number}: change {change.Id} changed nothing");
                Assert.Equal(change.Reasons.Except(previous.Reasons).Order(), change.Came.Order());
                Assert.Equal(previous.Reasons.Except(change.Reasons).Order(), change.Went.Order());
                previous = (change.ToStatus, change.Reasons);
            }

            Assert.Equal((p.Number, p.KnownStatus, string.Join(' ', RuleCodes.Parse(p.KnownReasons).Order())), (p.Number, previous.Status, string.Join(' ', previous.Reasons.Order())));
        });
        return history.Values.Sum(c => c.Count);
    }

    private static EvaluatedPrisoner Evaluated(Prisoner prisoner) =>
        new(prisoner.Id, prisoner.ChangeVersion, Evaluator.Evaluate(prisoner, TestDay.Noon.UtcDateTime), VerdictCause.OfReevaluation(prisoner, Evaluator.RuleSet.Id, TestDay.Noon.UtcDateTime));
}
