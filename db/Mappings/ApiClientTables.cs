using Microsoft.EntityFrameworkCore;
using OpenIddict.EntityFrameworkCore.Models;

namespace Prison.Db.Mappings;

/// <summary>
/// OpenIddict's own entities (the API's clients, and its authorizations, scopes and tokens), mapped by OpenIddict and
/// named here the snake_case way the scripts of migration 032 create them.
/// </summary>
internal static class ApiClientTables
{
    public static void Apply(ModelBuilder modelBuilder)
    {
        modelBuilder.UseOpenIddict();
        modelBuilder.Entity<OpenIddictEntityFrameworkCoreApplication>().ToTable("api_client");
        modelBuilder.Entity<OpenIddictEntityFrameworkCoreAuthorization>().ToTable("api_authorization");
        modelBuilder.Entity<OpenIddictEntityFrameworkCoreScope>().ToTable("api_scope");
        modelBuilder.Entity<OpenIddictEntityFrameworkCoreToken>().ToTable("api_token");
    }
}
