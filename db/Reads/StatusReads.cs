using Microsoft.EntityFrameworkCore;
using Prison.Db.Mappings;
using Prison.Domain;

namespace Prison.Db.Reads;

public static class StatusReads
{
    /// <summary>Prisoners Unknown since before <paramref name="beforeUtc"/>, oldest first, in one statement served by a partial index.</summary>
    public static async Task<IReadOnlyList<StaleUnknown>> StaleUnknownAsync(this PrisonDb db, DateTime beforeUtc, int limit, CancellationToken cancellationToken) =>
        await db.Prisoners.AsNoTracking()
            .Where(p => p.DangerStatus == DangerStatus.Unknown && EF.Property<DateTime>(p, PrisonerConfiguration.ChangedAt) < beforeUtc)
            .OrderBy(p => EF.Property<DateTime>(p, PrisonerConfiguration.ChangedAt))
            .Select(p => new StaleUnknown(p.Id, p.Number, p.ChangeVersion, EF.Property<DateTime>(p, PrisonerConfiguration.ChangedAt)))
            .Take(limit)
            .ToListAsync(cancellationToken);

    /// <summary>Known verdicts not computed for their record's current version, in one statement.</summary>
    public static async Task<IReadOnlyList<VerdictBehindRecord>> VerdictsBehindTheirRecordAsync(this PrisonDb db, CancellationToken cancellationToken) =>
        await db.Prisoners.AsNoTracking()
            .Where(p => p.DangerStatus != DangerStatus.Unknown && p.EvaluatedVersion != p.ChangeVersion)
            .OrderBy(p => p.Number)
            .Select(p => new VerdictBehindRecord(
                p.Id, p.Number, p.EvaluatedVersion, p.ChangeVersion, p.EvaluatedAtUtc, EF.Property<DateTime>(p, PrisonerConfiguration.ChangedAt)))
            .ToListAsync(cancellationToken);

    /// <summary>Three statements, each served by a partial index, so the operations page stays cheap on a large prison.</summary>
    public static async Task<Backlog> BacklogAsync(this PrisonDb db, DateTime nowUtc, CancellationToken cancellationToken)
    {
        var unknown = db.Prisoners.AsNoTracking().Where(p => p.DangerStatus == DangerStatus.Unknown);
        return new Backlog(
            await unknown.CountAsync(cancellationToken),
            await unknown.MinAsync(p => (DateTime?)EF.Property<DateTime>(p, PrisonerConfiguration.ChangedAt), cancellationToken),
            await db.Prisoners.AsNoTracking().CountAsync(p => p.ReevaluateAtUtc <= nowUtc && p.DangerStatus != DangerStatus.Unknown, cancellationToken));
    }
}
