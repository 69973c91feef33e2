using System.Collections.Concurrent;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata;
using Prison.Db.Mappings;
using Prison.Db.RuleSettings;
using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Db.Reads;

/// <summary>
/// The statements over a prison's current prisoners, compiled once per model (a compiled query serves the one model it
/// was compiled against, and PostgreSQL and SQLite each have theirs), so that a page skips EF's query cache look-up.
/// Every line carries the prison's counts and stamp, computed once per statement by uncorrelated sub-queries over the
/// prison's few rows of prison_status_count, so that rows, counts and stamp come from one snapshot.
/// </summary>
internal sealed class DashboardQueries
{
    private static readonly CompiledPerModel<DashboardQueries> PerModel = new(_ => new DashboardQueries());

    public static DashboardQueries For(IModel model) => PerModel.For(model);

    private readonly ConcurrentDictionary<(int PrisonId, DangerStatus? Status, int Take, bool After, bool Dashboard), Func<PrisonDb, long, string, DateOnly, string, DateTime, IAsyncEnumerable<DashboardLine>>> compiled = new();

    /// <summary>
    /// The first <paramref name="take"/> current prisoners of a prison, newest arrival first (all, or those at
    /// <paramref name="status"/>), unless the prison's stamp is still <paramref name="since"/>: then one line with the
    /// counts and the stamp and no arrival, and nothing else is read. There is always a line, with the counts and the
    /// stamp, whether or not there are arrivals to show. Unless the stamp stands, the line also counts the prison's
    /// current prisoners whose verdict changes by <paramref name="comingUpUntilUtc"/> ("Coming up").
    /// </summary>
    public IAsyncEnumerable<DashboardLine> FirstPage(PrisonDb db, int prisonId, DangerStatus? status, int take, DashboardStamp since, DateTime comingUpUntilUtc) =>
        Compiled(prisonId, status, take, after: false, dashboard: true)(db, since.Changes, since.RuleSetInForce ?? string.Empty, default, string.Empty, comingUpUntilUtc);

    /// <summary>
    /// The first <paramref name="take"/> of a prison's list (all, or those at <paramref name="status"/>), on lines as
    /// <see cref="FirstPage"/>'s but always read: no stamp to check and no "Coming up" to count, which a list does not show.
    /// </summary>
    public IAsyncEnumerable<DashboardLine> ListPage(PrisonDb db, int prisonId, DangerStatus? status, int take) =>
        Compiled(prisonId, status, take, after: false, dashboard: false)(db, 0, string.Empty, default, string.Empty, default);

    /// <summary>The next <paramref name="take"/> after <paramref name="cursor"/>, in the same order, on lines as <see cref="FirstPage"/>'s.</summary>
    public IAsyncEnumerable<DashboardLine> PageAfter(PrisonDb db, int prisonId, DangerStatus? status, int take, ArrivalCursor cursor) =>
        Compiled(prisonId, status, take, after: true, dashboard: false)(db, 0, string.Empty, cursor.ArrivalDate, cursor.Number, default);

    private Func<PrisonDb, long, string, DateOnly, string, DateTime, IAsyncEnumerable<DashboardLine>> Compiled(int prisonId, DangerStatus? status, int take, bool after, bool dashboard) =>
        compiled.GetOrAdd((prisonId, status, take, after, dashboard), key => Compile(key.PrisonId, key.Status, key.Take, key.After, key.Dashboard));

    /// <summary>
    /// The dashboard's statement, compiled for each prison, filter, page size and kind of page, those as constants, so that
    /// PostgreSQL plans each for its prison's size. A first page's one parameter is the stamp, checked once before any stay
    /// is read; a later page's are the cursor's day and number, the day bounding the scan of the arrivals index. A first
    /// page whose stamp moved also reads "Coming up": the sum of the prison's kept rows of forecasts within the span. A
    /// list's statement (not <paramref name="dashboard"/>) has neither the stamp's check nor Coming up: each cost a
    /// sub-plan at every read of the Dangerous only page for nothing shown (docs/benchmarks.md).
    /// </summary>
    private static Func<PrisonDb, long, string, DateOnly, string, DateTime, IAsyncEnumerable<DashboardLine>> Compile(int prisonId, DangerStatus? status, int take, bool after, bool dashboard) => EF.CompileAsyncQuery(
        (PrisonDb db, long changes, string ruleSet, DateOnly afterDay, string afterNumber, DateTime comingUpUntil) =>
            from prison in db.Prisons.AsNoTracking()
            where prison.Id == prisonId
            // Uncorrelated, so read once per statement: the prison's kept counts summed in one pass over its few rows, and the
            // one row of the rule set in force (at most one: a CHECK holds it to its id).
            from counts in db.Set<PrisonStatusCount>().Where(c => c.PrisonId == prisonId).GroupBy(c => c.PrisonId)
                .Select(g => new
                {
                    // Nullable: on a prison without kept rows, the line still comes, with them NULL.
                    Dangerous = (int?)g.Sum(c => c.Dangerous),
                    NotDangerous = (int?)g.Sum(c => c.NotDangerous),
                    Unknown = (int?)g.Sum(c => c.Unknown),
                    Changes = (long?)g.Sum(c => c.Changes),
                })
                .DefaultIfEmpty()
            from inForce in db.Set<RuleSetInForce>().Where(f => f.Id == RuleSetInForce.TheRow).DefaultIfEmpty()
            from arrival in (
                    from stay in db.Set<Stay>().AsNoTracking().Where(CurrentStayCondition.Is)
                    where stay.PrisonId == prisonId && (!after || stay.ArrivalDate <= afterDay)
                    join prisoner in db.Prisoners.AsNoTracking() on EF.Property<Guid>(stay, PrisonerConfiguration.PrisonerKey) equals prisoner.Id
                    where status == null || prisoner.DangerStatus == status
                    // Uncorrelated too (a sub-query of a join may not see the statement's other rows): a poll whose stamp
                    // stands reads no stay at all.
                    where !dashboard
                          || db.Set<PrisonStatusCount>().Where(c => c.PrisonId == prisonId).Sum(c => c.Changes) != changes
                          || (db.Set<RuleSetInForce>().Where(f => f.Id == RuleSetInForce.TheRow).Select(f => f.RuleSet).FirstOrDefault() ?? string.Empty) != ruleSet
                    where !after || stay.ArrivalDate < afterDay || string.Compare(prisoner.Number, afterNumber) > 0
                    orderby stay.ArrivalDate descending, prisoner.Number
                    // Nullable, every one: on a line without an arrival they are all NULL.
                    select new
                    {
                        Id = (Guid?)prisoner.Id,
                        prisoner.Number,
                        prisoner.Name,
                        LegalStatus = (LegalStatus?)prisoner.LegalStatus,
                        ArrivalDate = (DateOnly?)stay.ArrivalDate,
                        DangerStatus = (DangerStatus?)prisoner.DangerStatus,
                        Reasons = EF.Property<string>(prisoner, PrisonerConfiguration.DangerReasonCodes),
                        prisoner.RuleSet,
                    })
                .Take(take)
                .DefaultIfEmpty()
            orderby arrival!.ArrivalDate descending, arrival.Number
            select new DashboardLine(
                new StatusCounts(counts!.Dangerous ?? 0, counts.NotDangerous ?? 0, counts.Unknown ?? 0),
                new DashboardStamp(counts.Changes ?? 0, inForce == null ? null : inForce.RuleSet),
                arrival.Id == null
                    ? null
                    : new ArrivalRow(
                        arrival.Id.Value,
                        arrival.Number!,
                        arrival.Name!,
                        arrival.LegalStatus!.Value,
                        arrival.ArrivalDate!.Value,
                        arrival.DangerStatus!.Value,
                        RuleCodes.Parse(arrival.Reasons),
                        arrival.RuleSet,
                        arrival.RuleSet != null && inForce != null && arrival.RuleSet != inForce.RuleSet),
                dashboard
                && ((counts.Changes ?? 0) != changes || (inForce == null ? string.Empty : inForce.RuleSet) != ruleSet)
                    // Kept at write time (migration 026): the prison's few rows of the rule set in force up to the span's end,
                    // uncorrelated so that it is summed once, not on every line.
                    ? db.Set<PrisonComingUp>()
                        .Where(k => k.PrisonId == prisonId && k.ForecastAt <= comingUpUntil
                            && (k.RuleSet == db.Set<RuleSetInForce>().Where(f => f.Id == RuleSetInForce.TheRow).Select(f => f.RuleSet).FirstOrDefault()
                                || !db.Set<RuleSetInForce>().Any()))
                        .Sum(k => k.Prisoners)
                    : 0));

    public Func<PrisonDb, int, CancellationToken, Task<StatusCounts?>> PrisonCounts { get; } = EF.CompileAsyncQuery(
        (PrisonDb db, int prisonId, CancellationToken _) => db.Set<PrisonStatusCount>().AsNoTracking()
            .Where(c => c.PrisonId == prisonId)
            .GroupBy(c => c.PrisonId)
            .Select(g => new StatusCounts(g.Sum(c => c.Dangerous), g.Sum(c => c.NotDangerous), g.Sum(c => c.Unknown)))
            .SingleOrDefault());
}
