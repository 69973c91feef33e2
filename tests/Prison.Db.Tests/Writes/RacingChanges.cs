using Microsoft.EntityFrameworkCore;
using Prison.Db.Reads;
using Prison.Db.Writes;
using Prison.Domain;
using Prison.Domain.Evaluation;

namespace Prison.Db.Tests.Writes;

/// <summary>
/// Two changers per prisoner saving record changes as fast as they can while two evaluators do what the worker's
/// consumer does with their messages: load the newest version each names, evaluate it, write the verdicts guarded.
/// </summary>
internal static class RacingChanges
{
    /// <param name="change">The <c>n</c>th change a changer makes to the prisoner it loaded.</param>
    public static async Task RunAsync(
        ScratchDatabase database, IReadOnlyList<Prisoner> prisoners, int changesEach, int batchSize, string ruleSetId,
        Action<Prisoner, int> change, Func<Prisoner, EvaluatedPrisoner> evaluated)
    {
        var messages = System.Threading.Channels.Channel.CreateUnbounded<(Guid Id, long Version)>();
        foreach (var prisoner in prisoners)
        {
            messages.Writer.TryWrite((prisoner.Id, prisoner.ChangeVersion));
        }

        async Task ChangeAsync(Prisoner prisoner)
        {
            for (var n = 0; n < changesEach;)
            {
                await using var db = database.Open();
                var loaded = (await db.LoadPrisonerAsync(prisoner.Number, Tracking.Tracked))!;
                await Task.Yield();
                change(loaded, n);
                try
                {
                    foreach (var saved in await db.SaveRecordChangesAsync())
                    {
                        messages.Writer.TryWrite((saved.PrisonerId, saved.ChangeVersion));
                    }

                    n++;
                }
                catch (DbUpdateConcurrencyException)
                {
                    // Another changer's save came between this load and save: as on the prisoner page, nothing is saved,
                    // and the change is made again on the record as it now is.
                }
            }
        }

        async Task EvaluateAsync()
        {
            while (await messages.Reader.WaitToReadAsync())
            {
                var batch = new List<(Guid Id, long Version)>();
                while (batch.Count < batchSize && messages.Reader.TryRead(out var message))
                {
                    batch.Add(message);
                }

                var newest = batch.GroupBy(m => m.Id).ToDictionary(g => g.Key, g => g.Max(m => m.Version));
                await using var db = database.Open();
                var due = (await db.LoadPrisonersAsync(newest.Keys.ToList(), Tracking.Untracked))
                    .Where(p => p.ChangeVersion == newest[p.Id] && p.AwaitsVerdict(ruleSetId))
                    .ToList();
                await Task.Yield();
                await db.WriteVerdictsAsync([.. due.Select(evaluated)]);
            }
        }

        var evaluators = new[] { Task.Run(EvaluateAsync), Task.Run(EvaluateAsync) };
        await Task.WhenAll(prisoners.Concat(prisoners).Select(p => Task.Run(() => ChangeAsync(p))));
        messages.Writer.Complete();
        await Task.WhenAll(evaluators);
    }
}
