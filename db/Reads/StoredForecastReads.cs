using Microsoft.EntityFrameworkCore;
using Prison.Db.Mappings;

namespace Prison.Db.Reads;

public static class StoredForecastReads
{
    /// <summary>
    /// The stored forecasts of any number of prisoners, in one statement, for checking them against the rules
    /// (`worker verify`); unknown ids are left out.
    /// </summary>
    public static async Task<IReadOnlyDictionary<Guid, StoredForecast>> StoredForecastsAsync(
        this PrisonDb db, IReadOnlyCollection<Guid> prisonerIds, CancellationToken cancellationToken = default) =>
        await db.Prisoners.AsNoTracking()
            .Where(p => prisonerIds.Contains(p.Id))
            .Select(p => new
            {
                p.Id,
                At = EF.Property<DateTime?>(p, PrisonerConfiguration.ForecastAt),
                To = EF.Property<Domain.DangerStatus?>(p, PrisonerConfiguration.ForecastStatus),
                Came = EF.Property<string>(p, PrisonerConfiguration.ForecastCame),
                Went = EF.Property<string>(p, PrisonerConfiguration.ForecastWent),
            })
            .ToDictionaryAsync(p => p.Id, p => new StoredForecast(p.At, p.To, p.Came, p.Went), cancellationToken);
}
