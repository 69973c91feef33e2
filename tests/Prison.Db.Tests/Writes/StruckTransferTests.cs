using Microsoft.EntityFrameworkCore;
using Prison.Db.Audit;
using Prison.Db.Reads;
using Prison.Domain.Record;

namespace Prison.Db.Tests.Writes;

/// <summary>
/// Striking out the stay a transfer began reopens the stay the transfer ended, in one save: the database's one
/// current stay a prisoner (imprisonment_one_current) must hold before and after, whatever order EF Core sends
/// the two updates in.
/// </summary>
public class StruckTransferTests
{
    private static readonly int[] PrisonIds = [1, 2];

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Striking_out_the_stay_a_transfer_began_saves_and_makes_the_earlier_stay_current_again(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        Guid earlierId;
        Guid transferredId;

        // Separate saves, so the stay the transfer began has the later id and EF Core, ordering updates by key,
        // sends the reopening of the earlier stay first: the order that broke the unique index.
        await using (var db = database.Open())
        {
            db.Prisons.AddRange(PrisonIds.Select(Records.Prison));
            db.Prisoners.Add(Records.Harmless("T001", prisonId: 1, TestDay.Today.AddDays(-20)));
            await db.SaveRecordChangesAsync();
        }

        await using (var db = database.Open())
        {
            var prisoner = (await db.LoadPrisonerAsync("T001", Tracking.Tracked))!;
            earlierId = prisoner.CurrentStay!.Id;
            transferredId = prisoner.Transfer(prisonId: 2, TestDay.Today.AddDays(-5), forDisciplinaryReasons: false).Id;
            await db.SaveRecordChangesAsync();
        }

        Guid prisonerId;
        await using (var db = database.Open())
        {
            var prisoner = (await db.LoadPrisonerAsync("T001", Tracking.Tracked))!;
            prisonerId = prisoner.Id;
            prisoner.StrikeOut(transferredId, new Strike(TestDay.Noon.UtcDateTime, "clerk", "the move did not happen"));
            var changes = await db.SaveRecordChangesAsync();
            Assert.Equal(prisonerId, Assert.Single(changes).PrisonerId);
        }

        await using (var db = database.Open())
        {
            var prisoner = (await db.LoadPrisonerAsync("T001", Tracking.Tracked))!;
            var current = prisoner.CurrentStay!;
            Assert.Equal((earlierId, 1, (DateOnly?)null), (current.Id, current.PrisonId, current.LeftOn));
            var struck = Assert.Single(prisoner.EntriesIncludingStruck().OfType<Stay>(), i => i.Id == transferredId);
            Assert.Equal("the move did not happen", struck.Strike?.Reason);

            // Written once for the save of two steps: after the admission's and the transfer's, one entry for the
            // strike, with the reopening of the earlier stay in it.
            var entries = await db.AuditEntries.Where(e => e.PrisonerId == prisonerId).OrderBy(e => e.Id).ToListAsync();
            Assert.Equal([AuditAction.PrisonerAdded, AuditAction.PrisonerChanged, AuditAction.PrisonerChanged], entries.Select(e => e.Action));
            Assert.Contains($"Stay {earlierId}", entries[2].After, StringComparison.Ordinal);
            Assert.Contains($"Stay {transferredId}", entries[2].After, StringComparison.Ordinal);

            foreach (var prisonId in PrisonIds)
            {
                Assert.Equal((prisonId, await db.StatusCountsFromStaysAsync(prisonId)), (prisonId, await db.StatusCountsAsync(prisonId)));
            }

            Assert.Equal(1, (await db.StatusCountsFromStaysAsync(1)).Unknown);
            Assert.Equal(0, (await db.StatusCountsFromStaysAsync(2)).Unknown);
        }
    }
}
