using Microsoft.EntityFrameworkCore;
using Prison.Db.Mappings;
using Prison.Db.Rules;
using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Db.Search;

/// <summary>Finding a prisoner by number or name, in every prison.</summary>
public static class SearchReads
{
    public const int MaxHits = 50;

    /// <summary>
    /// Prisoners whose number, first name or last name starts with <paramref name="text"/>, as staff type it: any case,
    /// with or without accents (both sides go through <see cref="SearchKey"/>), up to <see cref="MaxHits"/>. ONE
    /// statement: three range scans of the keys' indexes, each stopping after <see cref="MaxHits"/> + 1 keys however
    /// many start so ("a" costs what "alvarez" does); of those, the first <see cref="MaxHits"/> + 1 (numbers, then
    /// first names, then last names) joined to their prisoners and current stays. Every prison's prisoners are
    /// searched: a filter by prison would join the current stay's prison here.
    /// </summary>
    public static async Task<SearchResults> SearchAsync(this PrisonDb db, string text, CancellationToken cancellationToken = default)
    {
        var from = SearchKey.Of(text);
        if (from.Length == 0)
        {
            return SearchResults.None;
        }

        var to = SearchKey.UpperBound(from);
        var keys = db.Set<PrisonerSearchKey>().AsNoTracking();
        // The same prisoner found twice ("jo": John Johnson by both names) is one row of keys, which the union keeps once.
        var first = keys
            .Where(k => string.Compare(k.NumberKey, from) >= 0 && string.Compare(k.NumberKey, to) < 0)
            .OrderBy(k => k.NumberKey)
            .Take(MaxHits + 1)
            .Union(keys
                .Where(k => string.Compare(k.NameKey, from) >= 0 && string.Compare(k.NameKey, to) < 0)
                .OrderBy(k => k.NameKey)
                .Take(MaxHits + 1))
            .Union(keys
                .Where(k => string.Compare(k.SurnameKey, from) >= 0 && string.Compare(k.SurnameKey, to) < 0)
                .OrderBy(k => k.SurnameKey)
                .Take(MaxHits + 1))
            .Select(k => new
            {
                Keys = k,
                Match = string.Compare(k.NumberKey, from) >= 0 && string.Compare(k.NumberKey, to) < 0 ? 0
                    : string.Compare(k.NameKey, from) >= 0 && string.Compare(k.NameKey, to) < 0 ? 1
                    : 2,
            })
            .OrderBy(h => h.Match)
            .ThenBy(h => h.Match == 0 ? h.Keys.NumberKey : h.Match == 1 ? h.Keys.NameKey : h.Keys.SurnameKey)
            .ThenBy(h => h.Keys.NumberKey)
            .Take(MaxHits + 1)
            .Select(h => h.Keys);
        var found = await (
                from hit in first
                join prisoner in db.Prisoners.AsNoTracking() on hit.PrisonerId equals prisoner.Id
                select new
                {
                    hit.NumberKey,
                    hit.NameKey,
                    hit.SurnameKey,
                    Hit = new SearchHit(
                        prisoner.Id,
                        prisoner.Number,
                        prisoner.Name,
                        prisoner.LegalStatus,
                        prisoner.DangerStatus,
                        RuleCodes.Parse(EF.Property<string>(prisoner, PrisonerConfiguration.DangerReasonCodes)),
                        prisoner.RuleSet != null && db.Set<RuleSetInForce>().Any(f => f.RuleSet != prisoner.RuleSet),
                        db.Set<Imprisonment>()
                            .Where(s => EF.Property<Guid>(s, PrisonerConfiguration.PrisonerKey) == prisoner.Id && s.LeftOn == null && s.Strike == null)
                            .Select(s => (int?)s.PrisonId)
                            .FirstOrDefault(),
                        db.Set<Imprisonment>()
                            .Where(s => EF.Property<Guid>(s, PrisonerConfiguration.PrisonerKey) == prisoner.Id && s.LeftOn == null && s.Strike == null)
                            .Select(s => (DateOnly?)s.ArrivalDate)
                            .FirstOrDefault()),
                })
            .ToListAsync(cancellationToken);

        // Numbers first, then first names, then last names, each in the order of its key, as the statement chose them.
        var ordered = found
            .Select(f => f.NumberKey.StartsWith(from, StringComparison.Ordinal) ? (Match: 0, Key: f.NumberKey, Number: f.NumberKey, f.Hit)
                : f.NameKey.StartsWith(from, StringComparison.Ordinal) ? (Match: 1, Key: f.NameKey, Number: f.NumberKey, f.Hit)
                : (Match: 2, Key: f.SurnameKey, Number: f.NumberKey, f.Hit))
            .OrderBy(f => f.Match)
            .ThenBy(f => f.Key, StringComparer.Ordinal)
            .ThenBy(f => f.Number, StringComparer.Ordinal)
            .Select(f => f.Hit)
            .ToList();
        return new SearchResults([.. ordered.Take(MaxHits)], ordered.Count > MaxHits);
    }
}
