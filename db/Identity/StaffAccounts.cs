using Microsoft.AspNetCore.Identity;
using Microsoft.EntityFrameworkCore;
using Prison.Db.Audit;
using Prison.Domain;

namespace Prison.Db.Identity;

/// <summary>
/// Adding, disabling, enabling users, resetting their passwords, changing their roles and the prisons they work in, for
/// the command line and the admin's users page alike; a user's own password change and two-factor enrolment. Every
/// change checks everything first and runs in one transaction with its audit entry (who: the context's actor; whom: the
/// user; what), so no act is saved without its entry nor an entry without its act. A refused change (weak password,
/// taken name, unknown role, unknown prison) throws <see cref="ChangeRefusedException"/> and leaves the database as it
/// was, audit log included. An act the one acting may not do (<paramref name="reach"/>: an admin limited to prisons
/// acting beyond them; an admin disabling or demoting themself) is refused the same way, checked inside the act's
/// transaction against the user as it is then, and leaves one entry saying what was tried.
/// </summary>
public sealed class StaffAccounts(PrisonDb db, StaffUserManager users, ActorReach reach, TimeProvider clock)
{
    /// <summary>As many as Identity's own pages make: each signs in once.</summary>
    public const int RecoveryCodeCount = 10;

    /// <summary>
    /// Adds a user with <paramref name="roles"/>, working in <paramref name="prisons"/> (Staff and Admin need at least
    /// one, or all; an operator may have none); with no <paramref name="password"/> one is generated. Returns the password,
    /// which the user changes at their first sign-in unless <paramref name="mustChangePassword"/> is false (the
    /// embedded mode's demo users).
    /// </summary>
    public async Task<string> AddAsync(
        string name, IReadOnlyCollection<string> roles, string? password, PrisonAccess prisons, bool mustChangePassword = true, CancellationToken cancellationToken = default)
    {
        name = name.Trim();
        var known = KnownRoles(roles);
        if (UserNames.Problem(name) is { } problem)
        {
            throw new ChangeRefusedException(problem, "name");
        }

        if (await users.FindByNameAsync(name) is not null)
        {
            throw new ChangeRefusedException($"A user called '{name}' exists already.", "name");
        }

        if (prisons.IsNone && known.Any(SeesPrisoners))
        {
            throw new ChangeRefusedException($"Give {name} at least one prison, or all prisons: Staff and Admin see prisoners only in the prisons they work in.", "prisons");
        }

        var everyPrison = await EveryPrisonAsync(cancellationToken);
        await RefusedUnlessAsync(name, CheckMayGrant(name, known) ?? CheckMayGive(prisons, everyPrison), cancellationToken);
        var given = Given(prisons, everyPrison);
        password ??= Passwords.Generate();
        await CheckPasswordAsync(new StaffUser { UserName = name }, password);
        await db.InTransactionAsync(
            async _ =>
            {
                // A new user each attempt: Identity stamps the one it creates, and a failed attempt's stamps were never stored.
                var user = new StaffUser { UserName = name, MustChangePassword = mustChangePassword };
                Check(await users.CreateAsync(user, password));
                Check(await users.AddToRolesAsync(user, known));
                if (!prisons.IsNone)
                {
                    await AssignAsync(user, prisons.AllPrisons, given, everyPrison, added: true, cancellationToken);
                }

                await AuditAboutAsync(user, AuditEntry.UserAdded(name, known, prisons.AllPrisons ? PrisonAccess.All : PrisonAccess.Only(Codes(given.Select(p => p.Id), everyPrison))), cancellationToken);
            },
            cancellationToken);
        return password;
    }

    /// <summary>
    /// Gives the user exactly <paramref name="prisons"/> (at least one, or all), ends their open sessions (they sign in
    /// again reaching only those) and writes the audit entry, in one transaction. Returns the prisons as stored: each
    /// code once, as the prison spells it.
    /// </summary>
    public async Task<PrisonAccess> AssignPrisonsAsync(string name, PrisonAccess prisons, CancellationToken cancellationToken = default)
    {
        if (prisons.IsNone)
        {
            throw new ChangeRefusedException("Give at least one prison, or all prisons.", "prisons");
        }

        var everyPrison = await EveryPrisonAsync(cancellationToken);
        await RefusedUnlessAsync(name, CheckMayGive(prisons, everyPrison), cancellationToken);
        var given = Given(prisons, everyPrison);
        await ManageAsync(name, user => AssignAsync(user, prisons.AllPrisons, given, everyPrison, added: false, cancellationToken), cancellationToken);
        return prisons.AllPrisons ? PrisonAccess.All : PrisonAccess.Only(Codes(given.Select(p => p.Id), everyPrison));
    }

    /// <summary>Ends the user's sign-ins: refused at the sign-in form, and their open sessions ended on the server.</summary>
    public Task DisableAsync(string name, CancellationToken cancellationToken = default) =>
        ManageAsync(
            name,
            async user =>
            {
                if (IsActing(user))
                {
                    throw new ChangeRefusedException("You cannot disable your own account: another admin must.", tried: "disable their own account");
                }

                user.IsDisabled = true;
                Check(await users.UpdateSecurityStampAsync(user));
                await EndSessionsAsync(user, SessionEnd.Disabled, cancellationToken);
                await AuditAboutAsync(user, AuditEntry.UserDisabled(user.UserName!), cancellationToken);
            },
            cancellationToken);

    public Task EnableAsync(string name, CancellationToken cancellationToken = default) =>
        ManageAsync(
            name,
            async user =>
            {
                user.IsDisabled = false;
                Check(await users.UpdateAsync(user));
                await AuditAboutAsync(user, AuditEntry.UserEnabled(user.UserName!), cancellationToken);
            },
            cancellationToken);

    /// <summary>
    /// Sets a new password (generated when none is given), to be changed at the user's next sign-in, lifts a lockout,
    /// and ends the user's open sessions. Returns the password.
    /// </summary>
    public async Task<string> ResetPasswordAsync(string name, string? password = null, CancellationToken cancellationToken = default)
    {
        password ??= Passwords.Generate();
        await ManageAsync(
            name,
            async user =>
            {
                await CheckMayResetCredentialsAsync(user, "reset the password");
                await CheckPasswordAsync(user, password);
                user.MustChangePassword = true;
                Check(await users.RemovePasswordAsync(user));
                Check(await users.AddPasswordAsync(user, password));
                Check(await users.SetLockoutEndDateAsync(user, null));
                Check(await users.ResetAccessFailedCountAsync(user));
                await EndSessionsAsync(user, SessionEnd.PasswordReset, cancellationToken);
                await AuditAboutAsync(user, AuditEntry.PasswordReset(user.UserName!), cancellationToken);
            },
            cancellationToken);
        return password;
    }

    /// <summary>Gives the user exactly <paramref name="roles"/>, and ends their open sessions: they sign in again with the new roles.</summary>
    public async Task SetRolesAsync(string name, IReadOnlyCollection<string> roles, CancellationToken cancellationToken = default)
    {
        var known = KnownRoles(roles);
        await ManageAsync(
            name,
            async user =>
            {
                var current = await users.GetRolesAsync(user);
                if (IsActing(user) && current.Contains(Roles.Admin) && !known.Contains(Roles.Admin))
                {
                    throw new ChangeRefusedException("You cannot take the Admin role from yourself: another admin must.", tried: "take the Admin role from their own account");
                }

                if (CheckMayGrant(user.UserName!, known.Except(current)) is { } refusal)
                {
                    throw refusal;
                }

                Check(await users.RemoveFromRolesAsync(user, current.Except(known)));
                Check(await users.AddToRolesAsync(user, known.Except(current)));
                Check(await users.UpdateSecurityStampAsync(user));
                await EndSessionsAsync(user, SessionEnd.RolesChanged, cancellationToken);
                await AuditAboutAsync(user, AuditEntry.UserRolesChanged(user.UserName!, InOrder(current), InOrder(known)), cancellationToken);
            },
            cancellationToken);
    }

    /// <summary>The error of a password change refused because the account is locked (see <see cref="ChangeOwnPasswordAsync"/>).</summary>
    public const string LockedOutError = "LockedOut";

    /// <summary>The error of a password change to the password given as the current one.</summary>
    public const string SamePasswordError = "SamePassword";

    /// <summary>
    /// A user changes their own password, giving the current one, and every session of theirs ends (someone who knew
    /// the old password may be signed in somewhere). The current password is a sign-in's: a wrong one counts toward
    /// the lockout as at the sign-in form, and the one that locks the account ends every session of the user; a locked
    /// account is refused without a password check. A refused change is audited with why, and changes nothing else:
    /// the result says why (<see cref="IdentityErrorDescriber.PasswordMismatch"/>, <see cref="LockedOutError"/>,
    /// <see cref="SamePasswordError"/>, or the new password's problems).
    /// </summary>
    public Task<IdentityResult> ChangeOwnPasswordAsync(string name, string currentPassword, string newPassword, CancellationToken cancellationToken = default) =>
        db.InTransactionAsync(
            async _ =>
            {
                var user = await FindAsync(name);
                if (await users.IsLockedOutAsync(user))
                {
                    await AuditAboutAsync(user, AuditEntry.PasswordChangeRefused(user.UserName!, "the account is locked"), cancellationToken);
                    return LockedOut();
                }

                // Refused before any check: a password someone else set must not stay by being given again.
                if (newPassword == currentPassword)
                {
                    await AuditAboutAsync(user, AuditEntry.PasswordChangeRefused(user.UserName!, "the new password is the current one"), cancellationToken);
                    return IdentityResult.Failed(new IdentityError { Code = SamePasswordError, Description = "Choose a new password other than the current one." });
                }

                var result = await users.ChangePasswordAsync(user, currentPassword, newPassword);
                if (result.Succeeded)
                {
                    if (user.MustChangePassword)
                    {
                        user.MustChangePassword = false;
                        Check(await users.UpdateAsync(user));
                    }

                    Check(await users.ResetAccessFailedCountAsync(user));
                    await EndSessionsAsync(user, SessionEnd.PasswordChanged, cancellationToken);
                    await AuditAboutAsync(user, AuditEntry.PasswordChanged(user.UserName!), cancellationToken);
                    return result;
                }

                if (result.Errors.All(e => e.Code != nameof(IdentityErrorDescriber.PasswordMismatch)))
                {
                    await AuditAboutAsync(user, AuditEntry.PasswordChangeRefused(user.UserName!, "the new password is too weak"), cancellationToken);
                    return result;
                }

                Check(await users.AccessFailedAsync(user));
                if (await users.IsLockedOutAsync(user))
                {
                    await EndSessionsAsync(user, SessionEnd.LockedOut, cancellationToken);
                    await AuditAboutAsync(user, AuditEntry.PasswordChangeRefused(user.UserName!, "wrong current password; the account is locked, its sessions ended"), cancellationToken);
                    return LockedOut();
                }

                await AuditAboutAsync(user, AuditEntry.PasswordChangeRefused(user.UserName!, "wrong current password"), cancellationToken);
                return result;
            },
            cancellationToken);

    /// <summary>
    /// A user's password given to confirm <paramref name="act"/> on their own account (the two-factor page), checked as
    /// <see cref="ChangeOwnPasswordAsync"/> checks the current one: a locked account is refused without a check, a
    /// wrong password counts toward the lockout, the one that locks the account ends every session of the user, and
    /// each refusal is audited. Succeeded, <see cref="LockedOutError"/> or <see cref="IdentityErrorDescriber.PasswordMismatch"/>.
    /// </summary>
    /// <param name="act">What the password confirms, in words: "turn on two-factor sign-in".</param>
    public Task<IdentityResult> ConfirmOwnPasswordAsync(string name, string password, string act, CancellationToken cancellationToken = default) =>
        db.InTransactionAsync(
            async _ =>
            {
                var user = await FindAsync(name);
                if (await users.IsLockedOutAsync(user))
                {
                    await AuditAboutAsync(user, AuditEntry.OwnPasswordRefused(user.UserName!, act, "the account is locked"), cancellationToken);
                    return LockedOut();
                }

                if (await users.CheckPasswordAsync(user, password))
                {
                    Check(await users.ResetAccessFailedCountAsync(user));
                    return IdentityResult.Success;
                }

                Check(await users.AccessFailedAsync(user));
                if (await users.IsLockedOutAsync(user))
                {
                    await EndSessionsAsync(user, SessionEnd.LockedOut, cancellationToken);
                    await AuditAboutAsync(user, AuditEntry.OwnPasswordRefused(user.UserName!, act, "wrong password; the account is locked, its sessions ended"), cancellationToken);
                    return LockedOut();
                }

                await AuditAboutAsync(user, AuditEntry.OwnPasswordRefused(user.UserName!, act, "wrong password"), cancellationToken);
                return IdentityResult.Failed(new IdentityErrorDescriber().PasswordMismatch());
            },
            cancellationToken);

    private static IdentityResult LockedOut() =>
        IdentityResult.Failed(new IdentityError
        {
            Code = LockedOutError,
            Description = $"This account is locked after {StaffIdentity.MaxFailedSignIns} wrong passwords. Try again in {StaffIdentity.LockoutTime.TotalMinutes:0} minutes, or ask an admin to reset the password.",
        });

    /// <summary>
    /// A new key for the user's authenticator app, for a user whose two-factor sign-in is off, replacing any key shown
    /// before: made each time the enrolment page is opened, so the key another session was shown (a session someone
    /// else holds) is not the one this user's app is given. Nothing signs in with it until
    /// <see cref="EnrolTwoFactorAsync"/> has seen a code made from it.
    /// </summary>
    public async Task<string> NewAuthenticatorKeyAsync(string name)
    {
        var user = await FindAsync(name);
        if (user.TwoFactorEnabled)
        {
            throw new ChangeRefusedException($"Two-factor sign-in is on already for {user.UserName}: reset it to enrol another authenticator.");
        }

        return await users.NewAuthenticatorKeyAsync(user);
    }

    /// <summary>
    /// Turns two-factor sign-in on when <paramref name="code"/> was made by an authenticator app from the user's key,
    /// and returns new recovery codes, to be shown once (nowhere else to be read but the database). The user's sessions
    /// end. Null when the code is not one the key makes now, or the key was replaced since it was checked (another
    /// session opened the enrolment page): nothing changed. The caller has checked the user's password.
    /// </summary>
    public async Task<IReadOnlyList<string>?> EnrolTwoFactorAsync(string name, string code, CancellationToken cancellationToken = default)
    {
        var user = await FindAsync(name);
        if (user.TwoFactorEnabled)
        {
            throw new ChangeRefusedException($"Two-factor sign-in is on already for {user.UserName}.");
        }

        if (!await users.VerifyTwoFactorTokenAsync(user, users.Options.Tokens.AuthenticatorTokenProvider, AuthenticatorCode(code)))
        {
            return null;
        }

        return await db.InTransactionAsync(
            async _ =>
            {
                // The user as read before the code was checked: Identity's update is guarded by the concurrency stamp read
                // then, which a key made since (another session opening the enrolment page) has changed.
                var enrolled = await FindAsync(name);
                var turnedOn = await users.SetTwoFactorEnabledAsync(enrolled, true);
                if (turnedOn.Errors.Any(e => e.Code == nameof(IdentityErrorDescriber.ConcurrencyFailure)))
                {
                    return null;
                }

                Check(turnedOn);
                var codes = await users.GenerateNewTwoFactorRecoveryCodesAsync(enrolled, RecoveryCodeCount)
                    ?? throw new InvalidOperationException("Identity's store keeps no recovery codes.");
                await EndSessionsAsync(enrolled, SessionEnd.TwoFactorChanged, cancellationToken);
                await AuditAboutAsync(enrolled, AuditEntry.TwoFactorEnrolled(enrolled.UserName!), cancellationToken);
                return (IReadOnlyList<string>?)[.. codes];
            },
            cancellationToken);
    }

    /// <summary>
    /// Turns two-factor sign-in off and removes the authenticator key and the recovery codes, so that the old app's
    /// codes and the recovery codes sign in no more; the user enrols again, with a new key. Their sessions end. Done by the user (<paramref name="ownAccount"/>),
    /// or by an admin or the command line for someone who lost their authenticator and their recovery codes.
    /// </summary>
    public Task ResetTwoFactorAsync(string name, bool ownAccount, CancellationToken cancellationToken = default)
    {
        return ownAccount ? OwnAsync(name, ResetAsync, cancellationToken) : ManageAsync(name, ResetAsync, cancellationToken);

        async Task ResetAsync(StaffUser user)
        {
            if (!ownAccount && IsActing(user))
            {
                // The profile page asks for the password first: the users page would turn it off with a session alone.
                throw new ChangeRefusedException(
                    "Turn off your own two-factor sign-in on the Two-factor sign-in page (/two-factor), which asks for your password.", tried: "reset their own two-factor sign-in from the users page");
            }

            if (!ownAccount)
            {
                await CheckMayResetCredentialsAsync(user, "reset the two-factor sign-in");
            }

            if (!user.TwoFactorEnabled)
            {
                throw new ChangeRefusedException($"{user.UserName} has no two-factor sign-in to reset.");
            }

            Check(await users.SetTwoFactorEnabledAsync(user, false));
            Check(await users.ForgetAuthenticatorAsync(user));
            await EndSessionsAsync(user, SessionEnd.TwoFactorChanged, cancellationToken);
            await AuditAboutAsync(user, AuditEntry.TwoFactorReset(user.UserName!, ownAccount), cancellationToken);
        }
    }

    /// <summary>Records a privileged act refused before anything was tried (an admin disabling themself).</summary>
    public Task RefusedAsync(string? name, string what, CancellationToken cancellationToken = default) =>
        AuditAsync(AuditEntry.Refused(name, what), cancellationToken);

    /// <summary>
    /// Every user the one acting manages, by name, with roles, lockout, disabled flag and prisons: three statements
    /// whatever the number of users. For an admin limited to prisons the first statement keeps only users whose every
    /// prison is theirs (at least one) and who are no operator, as <see cref="ActorReach.MayManage"/> says: nobody else's
    /// roles, prisons, lockout or second factor are shown to them.
    /// </summary>
    public async Task<IReadOnlyList<StaffAccount>> ListAsync(CancellationToken cancellationToken = default)
    {
        var managed = db.Users.AsNoTracking();
        if (reach.PrisonIds is { } reached)
        {
            var operatorRole = Roles.Operator.ToUpperInvariant();
            managed = managed.Where(u => !u.AllPrisons
                && db.StaffUserPrisons.Any(p => p.UserId == u.Id)
                && !db.StaffUserPrisons.Any(p => p.UserId == u.Id && !reached.Contains(p.PrisonId))
                && !db.UserRoles.Any(link => link.UserId == u.Id && db.Roles.Any(r => r.Id == link.RoleId && r.NormalizedName == operatorRole)));
        }

        var all = await managed.OrderBy(u => u.NormalizedUserName).ToListAsync(cancellationToken);
        var memberships = await (
            from link in db.UserRoles
            join role in db.Roles on link.RoleId equals role.Id
            select new { link.UserId, role.Name }).ToListAsync(cancellationToken);
        var rolesOf = memberships.ToLookup(m => m.UserId, m => m.Name!);
        var assigned = await (
            from link in db.StaffUserPrisons
            join prison in db.Prisons on link.PrisonId equals prison.Id
            select new { link.UserId, prison.Code }).ToListAsync(cancellationToken);
        var prisonsOf = assigned.ToLookup(a => a.UserId, a => a.Code);
        return [.. all.Select(u => new StaffAccount(
            u.UserName!,
            [.. rolesOf[u.Id].OrderBy(r => Roles.All.ToList().IndexOf(r))],
            users.IsLockedOutNow(u),
            users.IsLockedOutNow(u) ? u.LockoutEnd : null,
            u.IsDisabled,
            u.TwoFactorEnabled,
            u.AllPrisons ? PrisonAccess.All : PrisonAccess.Only([.. prisonsOf[u.Id].Order(StringComparer.Ordinal)])))];
    }

    public async Task<StaffAccount?> FindAccountAsync(string name, CancellationToken cancellationToken = default) =>
        (await ListAsync(cancellationToken)).FirstOrDefault(a => string.Equals(a.Name, name.Trim(), StringComparison.OrdinalIgnoreCase));

    private async Task<StaffUser> FindAsync(string name) =>
        await users.FindByNameAsync(name.Trim()) ?? throw new ChangeRefusedException($"There is no user called '{name.Trim()}'.");

    /// <summary>The roles that open the prisoners' pages, and so need prisons.</summary>
    private static bool SeesPrisoners(string role) => role is Roles.Staff or Roles.Admin;

    /// <summary>
    /// The one place a user's prisons are written: the list (or "all"), a new security stamp, the end of their open
    /// sessions (a cookie carries the prisons it was signed in with, and a narrower list must hold at once, not at the
    /// next stamp check), and the audit entry, inside the caller's transaction. For a user being <paramref name="added"/>,
    /// the list alone: they have no session yet, and the entry of their addition names their prisons.
    /// </summary>
    private async Task AssignAsync(
        StaffUser user, bool allPrisons, IReadOnlyList<PrisonFacility> given, IReadOnlyList<PrisonFacility> everyPrison, bool added, CancellationToken cancellationToken)
    {
        var held = await db.StaffUserPrisons.Where(p => p.UserId == user.Id).ToListAsync(cancellationToken);
        var before = user.AllPrisons ? PrisonAccess.All : PrisonAccess.Only(Codes(held.Select(h => h.PrisonId), everyPrison));
        db.StaffUserPrisons.RemoveRange(held.Where(h => given.All(p => p.Id != h.PrisonId)));
        db.StaffUserPrisons.AddRange(given.Where(p => held.All(h => h.PrisonId != p.Id)).Select(p => new StaffUserPrison { UserId = user.Id, PrisonId = p.Id }));
        user.AllPrisons = allPrisons;
        if (added)
        {
            Check(await users.UpdateAsync(user));
            return;
        }

        // Saves the user and the list together.
        Check(await users.UpdateSecurityStampAsync(user));
        await EndSessionsAsync(user, SessionEnd.PrisonsChanged, cancellationToken);
        var after = allPrisons ? PrisonAccess.All : PrisonAccess.Only(Codes(given.Select(p => p.Id), everyPrison));
        // Both lists: the admins of the prisons the user left and of those they joined read it, when they are one.
        IEnumerable<int> concerned = user.AllPrisons || before.AllPrisons ? [] : held.Select(h => h.PrisonId).Concat(given.Select(p => p.Id));
        await AuditAsync(AuditEntry.PrisonsAssigned(user.UserName!, before, after).Concerning(concerned), cancellationToken);
    }

    private async Task<IReadOnlyList<PrisonFacility>> EveryPrisonAsync(CancellationToken cancellationToken) =>
        await db.Prisons.AsNoTracking().OrderBy(p => p.Code).ToListAsync(cancellationToken);

    /// <summary>The prisons <paramref name="access"/> names, each known (whatever the case its code was typed in), once.</summary>
    private static List<PrisonFacility> Given(PrisonAccess access, IReadOnlyList<PrisonFacility> everyPrison)
    {
        if (access.AllPrisons)
        {
            return access.PrisonCodes.Count == 0 ? [] : throw new ChangeRefusedException("Give all prisons or a list of prisons, not both.", "prisons");
        }

        var given = new List<PrisonFacility>();
        foreach (var code in access.PrisonCodes)
        {
            var prison = everyPrison.FirstOrDefault(p => string.Equals(p.Code, code.Trim(), StringComparison.OrdinalIgnoreCase))
                ?? throw new ChangeRefusedException(
                    everyPrison.Count == 0
                        ? $"'{code}' is not a prison: there is no prison yet (an import or the demo data makes them)."
                        : $"'{code}' is not a prison. The prisons are {string.Join(", ", everyPrison.Select(p => p.Code))}.",
                    "prisons");
            if (!given.Contains(prison))
            {
                given.Add(prison);
            }
        }

        return given;
    }

    private static List<string> Codes(IEnumerable<int> prisonIds, IReadOnlyList<PrisonFacility> everyPrison) =>
        [.. prisonIds.Select(id => everyPrison.FirstOrDefault(p => p.Id == id)?.Code ?? $"prison {id}").Order(StringComparer.Ordinal)];

    private static List<string> KnownRoles(IReadOnlyCollection<string> roles) =>
        Roles.Problem(roles) is { } problem ? throw new ChangeRefusedException(problem, "roles") : [.. roles.Select(role => Roles.Find(role)!).Distinct()];

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
            throw new ChangeRefusedException($"The password is too weak: {string.Join(" ", problems)}", "password");
        }
    }

    private static void Check(IdentityResult result)
    {
        if (!result.Succeeded)
        {
            throw new ChangeRefusedException(string.Join(" ", result.Errors.Select(e => e.Description)));
        }
    }

    /// <summary>
    /// An entry about <paramref name="user"/>'s account, concerning the prisons they work in (as saved by the act): the
    /// admins of those prisons read it; a user of every prison or of none is headquarters' to read about.
    /// </summary>
    private async Task<int> AuditAboutAsync(StaffUser user, AuditEntry entry, CancellationToken cancellationToken) =>
        await AuditAsync(await db.ConcerningAccountAsync(entry, user, cancellationToken), cancellationToken);

    /// <summary>Saved at once, inside the act's transaction: its commit is the act's.</summary>
    private Task<int> AuditAsync(AuditEntry entry, CancellationToken cancellationToken)
    {
        db.AuditEntries.Add(entry);
        return db.SaveChangesAsync(cancellationToken);
    }

    private static List<string> InOrder(IEnumerable<string> roles) => [.. roles.OrderBy(r => Roles.All.ToList().IndexOf(r))];

    /// <summary>
    /// Runs <paramref name="act"/> on the user called <paramref name="name"/> in one transaction, once the one acting is
    /// found to manage them as they are inside it (a headquarters change of their prisons or roles made meanwhile also
    /// moves the concurrency stamp Identity checks). A refusal of what was tried is rolled back, then audited.
    /// </summary>
    private async Task ManageAsync(string name, Func<StaffUser, Task> act, CancellationToken cancellationToken)
    {
        // The entry names the user as their name is spelled, however it was typed.
        var subject = name.Trim();
        try
        {
            await OwnAsync(
                name,
                async user =>
                {
                    subject = user.UserName!;
                    await CheckMayManageAsync(user, cancellationToken);
                    await act(user);
                },
                cancellationToken);
        }
        catch (ChangeRefusedException refused) when (refused.Tried is not null)
        {
            db.ChangeTracker.Clear();
            await AuditAsync(AuditEntry.Refused(subject, refused.Tried), cancellationToken);
            throw;
        }
    }

    /// <summary>Runs <paramref name="act"/> on the user called <paramref name="name"/> in one transaction, for the user themself.</summary>
    private Task OwnAsync(string name, Func<StaffUser, Task> act, CancellationToken cancellationToken) =>
        db.InTransactionAsync(async _ => await act(await FindAsync(name)), cancellationToken);

    /// <summary>Audits what was tried and throws the refusal, when there is one; nothing else was written.</summary>
    private async Task RefusedUnlessAsync(string name, ChangeRefusedException? refusal, CancellationToken cancellationToken)
    {
        if (refusal is not null)
        {
            await AuditAsync(AuditEntry.Refused(name.Trim(), refusal.Tried!), cancellationToken);
            throw refusal;
        }
    }

    /// <summary>Refuses, as forbidden, a reset of an admin's credentials by an admin of some prisons.</summary>
    private async Task CheckMayResetCredentialsAsync(StaffUser user, string what)
    {
        if (!reach.MayResetCredentialsOf(await users.GetRolesAsync(user)))
        {
            throw new ChangeRefusedException(
                $"Only an admin of all prisons may {what} of {user.UserName}, an admin: whoever resets it could sign in as them.",
                tried: $"{what} of {user.UserName}, an admin, which only an admin of all prisons may do",
                forbidden: true);
        }
    }

    private async Task CheckMayManageAsync(StaffUser user, CancellationToken cancellationToken)
    {
        if (reach.ReachesEveryPrison)
        {
            return;
        }

        var prisonIds = await db.StaffUserPrisons.Where(p => p.UserId == user.Id).Select(p => p.PrisonId).ToListAsync(cancellationToken);
        if (!reach.MayManage(user.AllPrisons, prisonIds, await users.GetRolesAsync(user)))
        {
            throw new ChangeRefusedException(
                "You can manage only users who work within your prisons: an admin of all prisons manages the others.",
                tried: $"manage {user.UserName}, who works beyond the prisons they work in");
        }
    }

    /// <summary>Why the one acting may not give <paramref name="access"/>: a code that is no prison is not theirs either.</summary>
    private ChangeRefusedException? CheckMayGive(PrisonAccess access, IReadOnlyList<PrisonFacility> everyPrison)
    {
        var ids = access.PrisonCodes.Select(code => everyPrison.FirstOrDefault(p => string.Equals(p.Code, code.Trim(), StringComparison.OrdinalIgnoreCase))?.Id ?? 0).ToList();
        return reach.MayGive(access.AllPrisons, ids)
            ? null
            : new ChangeRefusedException(
                "You can give only the prisons you work in yourself: an admin of all prisons gives the others.", "prisons", $"give {access}, beyond the prisons they work in");
    }

    private ChangeRefusedException? CheckMayGrant(string name, IEnumerable<string> added)
    {
        var roles = InOrder(added);
        return reach.MayGrant(roles)
            ? null
            : new ChangeRefusedException(
                $"You cannot give the role(s) {string.Join(", ", roles)}: only an admin of all prisons gives {string.Join(" and ", ActorReach.HeadquartersRoles)}.",
                "roles",
                $"give {name.Trim()} the role(s) {string.Join(", ", roles)}, which only an admin of all prisons gives");
    }

    /// <summary>Whether <paramref name="user"/> is the one acting (a name typed with spaces or in another case included).</summary>
    private bool IsActing(StaffUser user) => string.Equals(users.NormalizeName(db.ActorName), user.NormalizedUserName, StringComparison.Ordinal);

    /// <summary>As apps show it ("123 456") or typed with spaces or dashes: Identity reads the digits alone.</summary>
    private static string AuthenticatorCode(string code) => new([.. code.Where(c => !char.IsWhiteSpace(c) && c != '-')]);

    private Task<int> EndSessionsAsync(StaffUser user, SessionEnd reason, CancellationToken cancellationToken) =>
        db.EndSessionsOfAsync(user.Id, reason, clock.GetUtcNow().UtcDateTime, cancellationToken);
}
