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
    /// many start so ("a" costs what "alvarez" does), joined to their prisoners and current stays. Every prison's
    /// prisoners are searched: a filter by prison would join the current stay's prison here.
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
        var hits = keys
            .Where(k => string.Compare(k.NumberKey, from) >= 0 && string.Compare(k.NumberKey, to) < 0)
            .OrderBy(k => k.NumberKey)
            .Take(MaxHits + 1)
            .Concat(keys
                .Where(k => string.Compare(k.NameKey, from) >= 0 && string.Compare(k.NameKey, to) < 0)
                .OrderBy(k => k.NameKey)
                .Take(MaxHits + 1))
            .Concat(keys
                .Where(k => string.Compare(k.SurnameKey, from) >= 0 && string.Compare(k.SurnameKey, to) < 0)
                .OrderBy(k => k.SurnameKey)
                .Take(MaxHits + 1));
        var found = await (
                from hit in hits
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

        // Numbers first, then first names, then last names, each in the order of its key; a prisoner found twice (by
        // first and last name: "Jo" finds John Johnson both ways) is shown once, where first found.
        var ordered = found
            .Select(f => f.NumberKey.StartsWith(from, StringComparison.Ordinal) ? (Match: 0, Key: f.NumberKey, f.Hit)
                : f.NameKey.StartsWith(from, StringComparison.Ordinal) ? (Match: 1, Key: f.NameKey, f.Hit)
                : (Match: 2, Key: f.SurnameKey, f.Hit))
            .OrderBy(f => f.Match)
            .ThenBy(f => f.Key, StringComparer.Ordinal)
            .ThenBy(f => f.Hit.Number, StringComparer.Ordinal)
            .Select(f => f.Hit)
            .DistinctBy(h => h.PrisonerId)
            .ToList();
        return new SearchResults([.. ordered.Take(MaxHits)], ordered.Count > MaxHits);
    }
}
