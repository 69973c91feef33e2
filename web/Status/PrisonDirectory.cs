using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.Caching.Memory;
using Prison.Db;
using Prison.Domain;

namespace Prison.Web.Status;

/// <summary>The prisons, read once a minute at most: they change far less often than pages are shown.</summary>
public sealed class PrisonDirectory(PrisonDb db, IMemoryCache cache)
{
    public async Task<IReadOnlyList<PrisonFacility>> AllAsync(CancellationToken cancellationToken) =>
        (await cache.GetOrCreateAsync("prisons", async entry =>
        {
            entry.AbsoluteExpirationRelativeToNow = TimeSpan.FromMinutes(1);
            return (IReadOnlyList<PrisonFacility>)await db.Prisons.AsNoTracking().OrderBy(p => p.Name).ToListAsync(cancellationToken);
        }))!;

    public async Task<PrisonFacility?> FindAsync(string code, CancellationToken cancellationToken) =>
        (await AllAsync(cancellationToken)).FirstOrDefault(p => string.Equals(p.Code, code, StringComparison.OrdinalIgnoreCase));
}
