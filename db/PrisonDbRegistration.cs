using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Prison.Db.Audit;

namespace Prison.Db;

public static class PrisonDbRegistration
{
    /// <summary>
    /// A <see cref="PrisonDb"/> per scope (request, message, job), taken from a pool and given back when the scope ends:
    /// a new context costs as much as the dashboard's read, on every page (docs/benchmarks.md). The scope's actor and
    /// clock are set on each lease.
    /// </summary>
    public static IServiceCollection AddPrisonDb(this IServiceCollection services, string connectionString)
    {
        services.AddPooledDbContextFactory<PrisonDb>(options => PrisonDatabase.Configure(options, connectionString));
        services.AddScoped(provider => provider.GetRequiredService<IDbContextFactory<PrisonDb>>().CreateDbContext()
            .ActingAs(provider.GetService<IAuditActor>(), provider.GetRequiredService<TimeProvider>()));
        return services;
    }

    /// <summary>
    /// The API's machine clients, in OpenIddict's stores in <see cref="PrisonDb"/>, and the one way to manage them
    /// (<see cref="Api.ApiClientRegistry"/>). Web adds OpenIddict's server and validation to the builder returned.
    /// </summary>
    public static OpenIddictBuilder AddApiClients(this IServiceCollection services)
    {
        services.TryAddSingleton(Identity.ActorReach.Headquarters);
        services.AddScoped<Api.ApiClientRegistry>();
        var openIddict = services.AddOpenIddict();
        openIddict.AddCore(options => options.UseEntityFrameworkCore().UseDbContext<PrisonDb>());
        return openIddict;
    }
}
