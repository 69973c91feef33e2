using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.Caching.Memory;
using Prison.Db;
using Prison.Domain;
using Prison.Web.SignIn;

namespace Prison.Web.Pages.Shared;

/// <summary>The prisons, read once a minute at most: they change far less often than pages are shown.</summary>
public sealed class PrisonDirectory(PrisonDb db, IMemoryCache cache)
{
    /// <summary>Every prison, by name: for naming prisons wherever they are mentioned, not for choosing one to open.</summary>
    public async Task<IReadOnlyList<PrisonFacility>> AllAsync(CancellationToken cancellationToken) =>
        (await cache.GetOrCreateAsync("prisons", async entry =>
        {
            entry.AbsoluteExpirationRelativeToNow = TimeSpan.FromMinutes(1);
            return (IReadOnlyList<PrisonFacility>)await db.Prisons.AsNoTracking().OrderBy(p => p.Name).ToListAsync(cancellationToken);
        }))!;

    /// <summary>The prisons the user reaches, by name.</summary>
    public async Task<IReadOnlyList<PrisonFacility>> WithinAsync(PrisonScope scope, CancellationToken cancellationToken) =>
        scope.Within(await AllAsync(cancellationToken));

    /// <summary>The prison of this code when the user reaches it; null otherwise, as for a code no prison has (404, not 403: no page says which prisons exist).</summary>
    public async Task<PrisonFacility?> FindAsync(string code, PrisonScope scope, CancellationToken cancellationToken) =>
        (await AllAsync(cancellationToken)).FirstOrDefault(p => string.Equals(p.Code, code, StringComparison.OrdinalIgnoreCase)) is { } prison && scope.Reaches(prison.Id)
            ? prison
            : null;
}
