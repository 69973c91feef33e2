using Microsoft.AspNetCore.DataProtection;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Prison.Db.Audit;
using Prison.Db.Identity;

namespace Prison.Db.Tests.Identity;

/// <summary>The user store and <see cref="StaffAccounts"/> over a scratch database, as web composes them.</summary>
internal static class StaffAccountServices
{
    /// <param name="reach">What the actor reaches, so whose accounts they manage: headquarters, as the command line, unless said.</param>
    public static ServiceProvider Over(ScratchDatabase database, IAuditActor actor, ActorReach? reach = null)
    {
        var services = new ServiceCollection();
        services.AddLogging();
        services.AddSingleton(TimeProvider.System);
        services.AddSingleton(actor);
        services.AddPrisonDb(database.ConnectionString);
        // Web's key ring encrypts the authenticator keys; one in memory does here.
        services.AddSingleton<IDataProtectionProvider>(new EphemeralDataProtectionProvider());
        services.AddStaffUsers();
        services.Replace(ServiceDescriptor.Singleton(reach ?? ActorReach.Headquarters));
        return services.BuildServiceProvider();
    }

    /// <summary>Runs <paramref name="act"/> with the accounts of a scope of its own, as one request or command would.</summary>
    public static async Task InScopeAsync(ServiceProvider services, Func<StaffAccounts, Task> act)
    {
        await using var scope = services.CreateAsyncScope();
        await act(scope.ServiceProvider.GetRequiredService<StaffAccounts>());
    }

    /// <summary>A migrated scratch database holding the prisons P1, P2 and P3 (ids 1 to 3).</summary>
    public static async Task<ScratchDatabase> WithPrisonsAsync(Engine engine)
    {
        var database = await ScratchDatabase.MigratedAsync(engine);
        await using var db = database.Open();
        db.Prisons.AddRange(Records.Prison(1), Records.Prison(2), Records.Prison(3));
        await db.SaveChangesAsync();
        return database;
    }
}
