using Microsoft.EntityFrameworkCore;
using Prison.Db;
using Prison.Db.Identity;
using Prison.ServiceDefaults;

namespace Prison.Web.Demo;

/// <summary>
/// The embedded mode's users staff, admin and operator (every prison), and staff-one (one prison only: to try what a
/// user limited to prisons sees), created on the first start with the password in Demo:Password, or a generated one
/// printed once beside the address. Later starts leave them as they are, and add any of them that is missing.
/// </summary>
public static class DemoUsers
{
    public const string PasswordKey = "Demo:Password";

    /// <summary>Each demo user's role, and the one prison they work in (null: every prison).</summary>
    public static readonly IReadOnlyList<(string Name, string Role, string? Prison)> All =
        [("staff", Roles.Staff, null), ("staff-one", Roles.Staff, "RNDC"), ("admin", Roles.Admin, null), ("operator", Roles.Operator, null)];

    /// <summary>
    /// Returns what to print at start: the users created now, and their password when it was generated now (null when
    /// it is Demo:Password's). A user whose prison the database does not have (its prisons came from an import, not
    /// the demo data) is left out.
    /// </summary>
    public static async Task<(IReadOnlyList<string> Created, string? GeneratedPassword)> CreateDemoUsersAsync(
        this IServiceProvider services, IConfiguration configuration, CancellationToken cancellationToken)
    {
        await using var scope = services.CreateAsyncScope();
        var accounts = scope.ServiceProvider.GetRequiredService<StaffAccounts>();
        var prisons = await scope.ServiceProvider.GetRequiredService<PrisonDb>().Prisons.Select(p => p.Code).ToListAsync(cancellationToken);
        var existing = (await accounts.ListAsync(cancellationToken)).Select(a => a.Name).ToHashSet(StringComparer.OrdinalIgnoreCase);
        var missing = All.Where(u => !existing.Contains(u.Name) && (u.Prison is null || prisons.Contains(u.Prison))).ToList();
        if (missing.Count == 0)
        {
            return ([], null);
        }

        var configured = configuration[PasswordKey];
        var password = string.IsNullOrEmpty(configured) ? Passwords.Generate() : configured;
        try
        {
            foreach (var (name, role, prison) in missing)
            {
                await accounts.AddAsync(name, [role], password, prison is null ? PrisonAccess.All : PrisonAccess.Only(prison), mustChangePassword: false, cancellationToken);
            }
        }
        catch (ChangeRefusedException error)
        {
            throw new StartupException($"The demo users cannot be created with {PasswordKey}: {error.Message}");
        }

        return ([.. missing.Select(u => u.Name)], string.IsNullOrEmpty(configured) ? password : null);
    }
}
