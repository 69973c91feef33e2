using System.Xml.Linq;
using Microsoft.AspNetCore.DataProtection.Repositories;
using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.DependencyInjection;

namespace Prison.Db.Identity;

/// <summary>
/// Keeps the data-protection key ring in the product's database, so that a session survives a restart of web and
/// is valid on every web instance. Microsoft.AspNetCore.DataProtection.EntityFrameworkCore does this, but the
/// registry here has no version of it; this is the extension point it implements, over the same DbContext.
/// </summary>
public sealed class DatabaseKeyRepository(IServiceScopeFactory scopes) : IXmlRepository
{
    public IReadOnlyCollection<XElement> GetAllElements()
    {
        using var scope = scopes.CreateScope();
        var db = scope.ServiceProvider.GetRequiredService<PrisonDb>();
        return [.. db.Set<DataProtectionKey>().AsNoTracking().Select(k => k.Xml).AsEnumerable().Select(XElement.Parse)];
    }

    public void StoreElement(XElement element, string friendlyName)
    {
        using var scope = scopes.CreateScope();
        var db = scope.ServiceProvider.GetRequiredService<PrisonDb>();
        db.Add(new DataProtectionKey { Name = friendlyName, Xml = element.ToString(SaveOptions.DisableFormatting) });
        db.SaveChanges();
    }
}
