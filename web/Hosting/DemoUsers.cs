using Prison.Db.Identity;
using Prison.Worker.Hosting;

namespace Prison.Web.Hosting;

/// <summary>
/// The embedded mode's users staff, admin and operator, created on the first start with the password in
/// Demo:Password, or a generated one printed once beside the address. Later starts leave them as they are.
/// </summary>
public static class DemoUsers
{
    public const string PasswordKey = "Demo:Password";

    public static readonly IReadOnlyList<(string Name, string Role)> All = [("staff", Roles.Staff), ("admin", Roles.Admin), ("operator", Roles.Operator)];

    /// <summary>Returns what to print at start: the password when it was generated now, otherwise null.</summary>
    public static async Task<string?> CreateDemoUsersAsync(this IServiceProvider services, IConfiguration configuration, CancellationToken cancellationToken)
    {
        await using var scope = services.CreateAsyncScope();
        var accounts = scope.ServiceProvider.GetRequiredService<StaffAccounts>();
        var existing = (await accounts.ListAsync(cancellationToken)).Select(a => a.Name).ToHashSet(StringComparer.OrdinalIgnoreCase);
        var missing = All.Where(u => !existing.Contains(u.Name)).ToList();
        if (missing.Count == 0)
        {
            return null;
        }

        var configured = configuration[PasswordKey];
        var password = string.IsNullOrEmpty(configured) ? Passwords.Generate() : configured;
        try
        {
            foreach (var (name, role) in missing)
            {
                await accounts.AddAsync(name, [role], password, cancellationToken);
            }
        }
        catch (StaffAccountException error)
        {
            throw new StartupException($"The demo users cannot be created with {PasswordKey}: {error.Message}");
        }

        return string.IsNullOrEmpty(configured) ? password : null;
    }
}
