using System.Collections.Concurrent;
using System.Runtime.CompilerServices;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata;
using Prison.Db.Mappings;
using Prison.Db.Rules;
using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Db.Reads;

/// <summary>
/// The dashboard's statements compiled once per model (a compiled query serves the one model it was compiled against,
/// and PostgreSQL and SQLite each have theirs), so that a page skips EF's query cache look-up.
/// </summary>
internal sealed class DashboardQueries
{
    private static readonly ConditionalWeakTable<IModel, DashboardQueries> PerModel = new();

    public static DashboardQueries For(IModel model) => PerModel.GetValue(model, _ => new DashboardQueries());

    private readonly ConcurrentDictionary<(int PrisonId, bool DangerousOnly), Func<PrisonDb, IAsyncEnumerable<ArrivalWithCounts>>> latest = new();

    public IAsyncEnumerable<ArrivalWithCounts> LatestArrivals(PrisonDb db, int prisonId, bool dangerousOnly) =>
        latest.GetOrAdd((prisonId, dangerousOnly), key => CompileLatestArrivals(key.PrisonId, key.DangerousOnly))(db);

    /// <summary>
    /// The dashboard's hottest statement, compiled (no look-up in EF's query cache per page), one for each prison and
    /// filter with the prison, the filter and the page size as constants: PostgreSQL then plans each once per
    /// connection, for that prison's size. With parameters it planned the statement again on every execution (0.18 ms,
    /// more than running it, at 1,000,000 prisoners), and a generic plan cannot know how many prisoners a prison holds
    /// (a small prison's plan sorts a large one's stays). Prisons are few: the statements are tens.
    /// </summary>
    private static Func<PrisonDb, IAsyncEnumerable<ArrivalWithCounts>> CompileLatestArrivals(int prisonId, bool dangerousOnly) => EF.CompileAsyncQuery(
        (PrisonDb db) => (
                from stay in db.Set<Imprisonment>().AsNoTracking()
                where stay.PrisonId == prisonId && stay.LeftOn == null && stay.Strike == null
                join prisoner in db.Prisoners.AsNoTracking() on EF.Property<Guid>(stay, PrisonerConfiguration.PrisonerKey) equals prisoner.Id
                where !dangerousOnly || prisoner.DangerStatus == DangerStatus.Dangerous
                orderby stay.ArrivalDate descending, prisoner.Number
                select new ArrivalWithCounts(
                    new ArrivalRow(
                        prisoner.Id,
                        prisoner.Number,
                        prisoner.Name,
                        prisoner.LegalStatus,
                        stay.ArrivalDate,
                        prisoner.DangerStatus,
                        RuleCodes.Parse(EF.Property<string>(prisoner, PrisonerConfiguration.DangerReasonCodes)),
                        prisoner.RuleSet,
                        prisoner.RuleSet != null && db.Set<RuleSetInForce>().Any(f => f.RuleSet != prisoner.RuleSet)),
                    // Uncorrelated: computed once per statement over the prison's few rows of kept counts.
                    new StatusCounts(
                        db.Set<PrisonStatusCount>().Where(c => c.PrisonId == prisonId).Sum(c => c.Dangerous),
                        db.Set<PrisonStatusCount>().Where(c => c.PrisonId == prisonId).Sum(c => c.NotDangerous),
                        db.Set<PrisonStatusCount>().Where(c => c.PrisonId == prisonId).Sum(c => c.Unknown))))
            .Take(DashboardReads.PageSize));

    public Func<PrisonDb, int, CancellationToken, Task<StatusCounts?>> PrisonCounts { get; } = EF.CompileAsyncQuery(
        (PrisonDb db, int prisonId, CancellationToken _) => db.Set<PrisonStatusCount>().AsNoTracking()
            .Where(c => c.PrisonId == prisonId)
            .GroupBy(c => c.PrisonId)
            .Select(g => new StatusCounts(g.Sum(c => c.Dangerous), g.Sum(c => c.NotDangerous), g.Sum(c => c.Unknown)))
            .SingleOrDefault());
}
