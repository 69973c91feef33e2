using Microsoft.AspNetCore.Identity;
using Microsoft.EntityFrameworkCore;

namespace Prison.Db.Identity;

/// <summary>
/// Adding, disabling, enabling users, resetting their passwords and changing their roles, for the command line and the
/// admin's users page alike. Every change checks everything first and runs in one transaction: a refused change
/// (weak password, unknown role, taken name) throws <see cref="StaffAccountException"/> and leaves the database as it was.
/// </summary>
public sealed class StaffAccounts(PrisonDb db, StaffUserManager users, TimeProvider clock)
{
    /// <summary>Adds a user with <paramref name="roles"/>; with no <paramref name="password"/> one is generated. Returns the password.</summary>
    public async Task<string> AddAsync(string name, IReadOnlyCollection<string> roles, string? password, CancellationToken cancellationToken = default)
    {
        name = name.Trim();
        var known = KnownRoles(roles);
        if (UserNames.Problem(name) is { } problem)
        {
            throw new StaffAccountException(problem, "name");
        }

        if (await users.FindByNameAsync(name) is not null)
        {
            throw new StaffAccountException($"A user called '{name}' exists already.", "name");
        }

        password ??= Passwords.Generate();
        await CheckPasswordAsync(new StaffUser { UserName = name }, password);
        await db.InTransactionAsync(
            async _ =>
            {
                // A new user each attempt: Identity stamps the one it creates, and a failed attempt's stamps were never stored.
                var user = new StaffUser { UserName = name };
                Check(await users.CreateAsync(user, password));
                Check(await users.AddToRolesAsync(user, known));
            },
            cancellationToken);
        return password;
    }

    /// <summary>Ends the user's sign-ins: refused at the sign-in form, and their open sessions ended on the server.</summary>
    public async Task DisableAsync(string name, CancellationToken cancellationToken = default)
    {
        var user = await FindAsync(name);
        user.IsDisabled = true;
        Check(await users.UpdateSecurityStampAsync(user));
        await EndSessionsAsync(user, SessionEnd.Disabled, cancellationToken);
    }

    public async Task EnableAsync(string name, CancellationToken cancellationToken = default)
    {
        var user = await FindAsync(name);
        user.IsDisabled = false;
        Check(await users.UpdateAsync(user));
    }

    /// <summary>Sets a new password (generated when none is given), lifts a lockout, and ends the user's open sessions. Returns the password.</summary>
    public async Task<string> ResetPasswordAsync(string name, string? password = null, CancellationToken cancellationToken = default)
    {
        password ??= Passwords.Generate();
        await CheckPasswordAsync(await FindAsync(name), password);
        await db.InTransactionAsync(
            async _ =>
            {
                // Found in each attempt: Identity checks the concurrency stamp it read, which a failed attempt changed in memory.
                var user = await FindAsync(name);
                Check(await users.RemovePasswordAsync(user));
                Check(await users.AddPasswordAsync(user, password));
                Check(await users.SetLockoutEndDateAsync(user, null));
                Check(await users.ResetAccessFailedCountAsync(user));
                await EndSessionsAsync(user, SessionEnd.PasswordReset, cancellationToken);
            },
            cancellationToken);
        return password;
    }

    /// <summary>Gives the user exactly <paramref name="roles"/>, and ends their open sessions: they sign in again with the new roles.</summary>
    public async Task SetRolesAsync(string name, IReadOnlyCollection<string> roles, CancellationToken cancellationToken = default)
    {
        var known = KnownRoles(roles);
        await db.InTransactionAsync(
            async _ =>
            {
                var user = await FindAsync(name);
                var current = await users.GetRolesAsync(user);
                Check(await users.RemoveFromRolesAsync(user, current.Except(known)));
                Check(await users.AddToRolesAsync(user, known.Except(current)));
                Check(await users.UpdateSecurityStampAsync(user));
                await EndSessionsAsync(user, SessionEnd.RolesChanged, cancellationToken);
            },
            cancellationToken);
    }

    /// <summary>Every user by name, with roles, lockout and disabled flag: two statements whatever the number of users.</summary>
    public async Task<IReadOnlyList<StaffAccount>> ListAsync(CancellationToken cancellationToken = default)
    {
        var all = await db.Users.AsNoTracking().OrderBy(u => u.NormalizedUserName).ToListAsync(cancellationToken);
        var memberships = await (
            from link in db.UserRoles
            join role in db.Roles on link.RoleId equals role.Id
            select new { link.UserId, role.Name }).ToListAsync(cancellationToken);
        var rolesOf = memberships.ToLookup(m => m.UserId, m => m.Name!);
        return [.. all.Select(u => new StaffAccount(
            u.UserName!,
            [.. rolesOf[u.Id].OrderBy(r => Roles.All.ToList().IndexOf(r))],
            users.IsLockedOutNow(u),
            users.IsLockedOutNow(u) ? u.LockoutEnd : null,
            u.IsDisabled))];
    }

    public async Task<StaffAccount?> FindAccountAsync(string name, CancellationToken cancellationToken = default) =>
        (await ListAsync(cancellationToken)).FirstOrDefault(a => string.Equals(a.Name, name.Trim(), StringComparison.OrdinalIgnoreCase));

    private async Task<StaffUser> FindAsync(string name) =>
        await users.FindByNameAsync(name.Trim()) ?? throw new StaffAccountException($"There is no user called '{name.Trim()}'.");

    private static List<string> KnownRoles(IReadOnlyCollection<string> roles)
    {
        if (roles.Count == 0)
        {
            throw new StaffAccountException($"Give at least one role: {string.Join(", ", Roles.All)}.", "roles");
        }

        var known = new List<string>();
        foreach (var role in roles)
        {
            known.Add(Roles.Find(role) ?? throw new StaffAccountException($"'{role}' is not a role. The roles are {string.Join(", ", Roles.All)}.", "roles"));
        }

        return [.. known.Distinct()];
    }

    private async Task CheckPasswordAsync(StaffUser user, string password)
    {
        var problems = new List<string>();
        foreach (var validator in users.PasswordValidators)
        {
            var result = await validator.ValidateAsync(users, user, password);
            problems.AddRange(result.Errors.Select(e => e.Description));
        }

        if (problems.Count > 0)
        {
            throw new StaffAccountException($"The password is too weak: {string.Join(" ", problems)}", "password");
        }
    }

    private static void Check(IdentityResult result)
    {
        if (!result.Succeeded)
        {
            throw new StaffAccountException(string.Join(" ", result.Errors.Select(e => e.Description)));
        }
    }

    private Task<int> EndSessionsAsync(StaffUser user, SessionEnd reason, CancellationToken cancellationToken) =>
        db.EndSessionsOfAsync(user.Id, reason, clock.GetUtcNow().UtcDateTime, cancellationToken);
}
