using System.Xml.Linq;
using Microsoft.AspNetCore.DataProtection.EntityFrameworkCore;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging.Abstractions;

namespace Prison.Db.Tests.Mappings;

/// <summary>
/// Data protection's own key store over the table of migration 008: the keys a web instance stored there before the
/// store was used are the keys it reads, so the sessions they signed outlive the upgrade.
/// </summary>
public sealed class DataProtectionKeyMappingTests
{
    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_key_stored_before_the_upgrade_is_read_back_and_a_new_key_is_stored_beside_it_by_name(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var earlier = Key(Guid.NewGuid());
        // As the hand-written repository stored it: the key's friendly name and its XML without formatting.
        await database.ExecuteAsync($"INSERT INTO data_protection_key (name, xml) VALUES ('key-earlier', '{earlier.ToString(SaveOptions.DisableFormatting)}')");
        await using var services = new ServiceCollection().AddScoped(_ => database.Open()).BuildServiceProvider();
        var store = new EntityFrameworkCoreXmlRepository<PrisonDb>(services, NullLoggerFactory.Instance);

        var read = store.GetAllElements();
        var later = Key(Guid.NewGuid());
        store.StoreElement(later, "key-later");

        Assert.Equal(earlier.ToString(), Assert.Single(read).ToString());
        Assert.Equal(
            [["key-earlier", earlier.ToString(SaveOptions.DisableFormatting)], ["key-later", later.ToString(SaveOptions.DisableFormatting)]],
            await database.RowsAsync("SELECT name, xml FROM data_protection_key ORDER BY name"));
        Assert.Equal(
            new[] { earlier, later }.Select(k => k.ToString()).Order(StringComparer.Ordinal),
            store.GetAllElements().Select(k => k.ToString()).Order(StringComparer.Ordinal));
    }

    private static XElement Key(Guid id) =>
        new("key", new XAttribute("id", id), new XAttribute("version", 1), new XElement("creationDate", "2026-11-24T12:00:00Z"));
}
