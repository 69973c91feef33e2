using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata;
using Prison.Db;
using Prison.Db.Mappings;
using Prison.Db.RuleSettings;
using Prison.Db.Search;
using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners;

/// <summary>
/// The search's statement, compiled once per model (a compiled query serves the one model it was compiled against):
/// staff search often, and its expression is large, so each search skips EF's query cache look-up.
/// </summary>
internal sealed class SearchQueries
{
    private static readonly CompiledPerModel<SearchQueries> PerModel = new(_ => new SearchQueries());

    public static SearchQueries For(IModel model) => PerModel.For(model);

    /// <summary>
    /// The keys from <c>low</c> up to, not including, <c>high</c> (a prefix's range): three range scans, each of its own index and
    /// stopped after <see cref="SearchReads.MaxHits"/> + 1 keys however many start so ("a" costs what "alvarez" does);
    /// of those, the first <see cref="SearchReads.MaxHits"/> + 1 in order (numbers, then first names, then last names;
    /// a prisoner found twice is one row of keys, which the union keeps once) joined to their prisoners and current stays.
    /// </summary>
    public Func<PrisonDb, string, string, int[], IAsyncEnumerable<FoundPrisoner>> Prefix { get; } = Compile(within: false);

    /// <summary>
    /// <see cref="Prefix"/> for a user limited to <c>prisons</c>: each range scan keeps only the keys of prisoners held
    /// now at one of them, so nobody else is ever joined or returned. A statement of its own (<c>within</c> is a
    /// constant of the compiled query), so that the search of every prison keeps its plan.
    /// </summary>
    public Func<PrisonDb, string, string, int[], IAsyncEnumerable<FoundPrisoner>> PrefixWithin { get; } = Compile(within: true);

    private static Func<PrisonDb, string, string, int[], IAsyncEnumerable<FoundPrisoner>> Compile(bool within) => EF.CompileAsyncQuery(
        (PrisonDb db, string low, string high, int[] prisons) =>
            from hit in db.Set<PrisonerSearchKey>().AsNoTracking()
                .Where(k => string.Compare(k.NumberKey, low) >= 0 && string.Compare(k.NumberKey, high) < 0
                        && (!within || db.Set<Stay>().Where(CurrentStayCondition.Is).Any(s => EF.Property<Guid>(s, PrisonerConfiguration.PrisonerKey) == k.PrisonerId && prisons.Contains(s.PrisonId))))
                .OrderBy(k => k.NumberKey)
                .Take(SearchReads.MaxHits + 1)
                .Union(db.Set<PrisonerSearchKey>().AsNoTracking()
                    .Where(k => string.Compare(k.NameKey, low) >= 0 && string.Compare(k.NameKey, high) < 0
                        && (!within || db.Set<Stay>().Where(CurrentStayCondition.Is).Any(s => EF.Property<Guid>(s, PrisonerConfiguration.PrisonerKey) == k.PrisonerId && prisons.Contains(s.PrisonId))))
                    .OrderBy(k => k.NameKey)
                    .Take(SearchReads.MaxHits + 1))
                .Union(db.Set<PrisonerSearchKey>().AsNoTracking()
                    .Where(k => string.Compare(k.SurnameKey, low) >= 0 && string.Compare(k.SurnameKey, high) < 0
                        && (!within || db.Set<Stay>().Where(CurrentStayCondition.Is).Any(s => EF.Property<Guid>(s, PrisonerConfiguration.PrisonerKey) == k.PrisonerId && prisons.Contains(s.PrisonId))))
                    .OrderBy(k => k.SurnameKey)
                    .Take(SearchReads.MaxHits + 1))
                .Select(k => new
                {
                    Keys = k,
                    Match = string.Compare(k.NumberKey, low) >= 0 && string.Compare(k.NumberKey, high) < 0 ? 0
                        : string.Compare(k.NameKey, low) >= 0 && string.Compare(k.NameKey, high) < 0 ? 1
                        : 2,
                })
                .OrderBy(h => h.Match)
                .ThenBy(h => h.Match == 0 ? h.Keys.NumberKey : h.Match == 1 ? h.Keys.NameKey : h.Keys.SurnameKey)
                .ThenBy(h => h.Keys.NumberKey)
                .Take(SearchReads.MaxHits + 1)
                .Select(h => h.Keys)
            join prisoner in db.Prisoners.AsNoTracking() on hit.PrisonerId equals prisoner.Id
            select new FoundPrisoner(
                hit.NumberKey,
                hit.NameKey,
                hit.SurnameKey,
                new SearchHit(
                    prisoner.Id,
                    prisoner.Number,
                    prisoner.Name,
                    prisoner.LegalStatus,
                    prisoner.DangerStatus,
                    RuleCodes.Parse(EF.Property<string>(prisoner, PrisonerConfiguration.DangerReasonCodes)),
                    prisoner.RuleSet != null && db.Set<RuleSetInForce>().Any(f => f.RuleSet != prisoner.RuleSet),
                    db.Set<Stay>().Where(CurrentStayCondition.Is)
                        .Where(s => EF.Property<Guid>(s, PrisonerConfiguration.PrisonerKey) == prisoner.Id)
                        .Select(s => (int?)s.PrisonId)
                        .FirstOrDefault(),
                    db.Set<Stay>().Where(CurrentStayCondition.Is)
                        .Where(s => EF.Property<Guid>(s, PrisonerConfiguration.PrisonerKey) == prisoner.Id)
                        .Select(s => (DateOnly?)s.ArrivalDate)
                        .FirstOrDefault())));
}
