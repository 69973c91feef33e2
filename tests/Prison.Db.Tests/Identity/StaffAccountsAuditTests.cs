using Microsoft.Extensions.DependencyInjection;
using OtpNet;
using Prison.Db.Audit;
using Prison.Db.Identity;

using static Prison.Db.Tests.Identity.StaffAccountServices;

namespace Prison.Db.Tests.Identity;

/// <summary>
/// Every act of <see cref="StaffAccounts"/> is committed with exactly one audit entry (who: the actor, whom: the user,
/// what), and a refused one with none; an act whose entry cannot be written is not saved either.
/// </summary>
public class StaffAccountsAuditTests
{
    private const string Actor = "admin-ann";

    private const string Password = "First-Passw0rd!";

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Each_act_on_a_user_is_saved_with_exactly_one_entry_saying_who_whom_and_what(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using var services = Services(database);

        var steps = new (string Action, Func<StaffAccounts, Task> Act, string Summary)[]
        {
            ("UserAdded", a => a.AddAsync("bob", [Roles.Staff], Password, PrisonAccess.All), "Added the user bob with the role(s) Staff, working in all prisons"),
            ("PrisonsAssigned", a => a.AssignPrisonsAsync("bob", PrisonAccess.All), "Gave bob all prisons (had all prisons); their sessions ended"),
            ("UserRolesChanged", a => a.SetRolesAsync("BOB", [Roles.Operator, Roles.Staff]), "Gave bob the role(s) Staff, Operator (had Staff); their sessions ended"),
            ("UserDisabled", a => a.DisableAsync("bob"), "Disabled bob; their sessions ended"),
            ("UserEnabled", a => a.EnableAsync("bob"), "Enabled bob"),
            ("PasswordReset", a => a.ResetPasswordAsync("bob", "Second-Passw0rd!"), "Reset the password of bob; a lockout lifted, their sessions ended"),
            ("PasswordChanged", a => a.ChangeOwnPasswordAsync("bob", "Second-Passw0rd!", "Third-Passw0rd!"), "Changed their own password; their other sessions ended"),
            ("TwoFactorEnrolled", EnrolAsync, "Turned on two-factor sign-in with an authenticator app; new recovery codes made"),
            ("TwoFactorReset", a => a.ResetTwoFactorAsync("bob", ownAccount: false), "Reset the two-factor sign-in of bob: turned off, the authenticator key replaced"),
            ("Refused", a => a.RefusedAsync("bob", "disable their own account"), "Refused: disable their own account"),
        };

        foreach (var (action, act, summary) in steps)
        {
            var before = await EntriesAsync(database);
            await InScopeAsync(services, act);
            var added = (await EntriesAsync(database)).Skip(before.Count).ToList();

            Assert.Equal([[Actor, action, "bob", summary]], added);
        }

        Assert.True(await database.ScalarAsync<bool>("SELECT two_factor_enabled = false AND is_disabled = false FROM staff_user WHERE user_name = 'bob'"));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_refused_act_changes_nothing_and_leaves_no_entry(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using var services = Services(database);
        await InScopeAsync(services, a => a.AddAsync("carol", [Roles.Admin], Password, PrisonAccess.All));

        // Made when the enrolment page opens, before any act: a key nobody signs in with yet is not audited.
        var key = string.Empty;
        await InScopeAsync(services, async a => key = await a.NewAuthenticatorKeyAsync("carol"));
        var entries = await EntriesAsync(database);
        var user = await database.RowsAsync("SELECT * FROM staff_user");

        var refusals = new Func<StaffAccounts, Task>[]
        {
            a => a.AddAsync("dave", [Roles.Staff], "weak", PrisonAccess.All),
            a => a.AddAsync("CAROL", [Roles.Staff], null, PrisonAccess.All),
            a => a.AddAsync("erin", ["Warden"], null, PrisonAccess.All),
            a => a.AddAsync("erin", [Roles.Staff], null, PrisonAccess.None),
            a => a.AddAsync("erin", [Roles.Staff], null, PrisonAccess.Only("NOPE")),
            a => a.AssignPrisonsAsync("carol", PrisonAccess.Only("NOPE")),
            a => a.DisableAsync("nobody"),
            a => a.SetRolesAsync("carol", []),
            a => a.ResetPasswordAsync("carol", "short"),
            a => a.ResetTwoFactorAsync("carol", ownAccount: true),
        };
        foreach (var refusal in refusals)
        {
            await Assert.ThrowsAsync<ChangeRefusedException>(() => InScopeAsync(services, refusal));
        }

        await InScopeAsync(services, async a =>
        {
            Assert.Null(await a.EnrolTwoFactorAsync("carol", WrongCode(key)));
        });

        Assert.Equal(entries, await EntriesAsync(database));
        Assert.Equal(1L, await database.ScalarAsync<long>("SELECT count(*) FROM staff_user"));
        Assert.Equal(user, await database.RowsAsync("SELECT * FROM staff_user"));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Wrong_current_passwords_are_each_refused_counted_and_audited_and_the_one_that_locks_ends_the_users_sessions(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using var services = Services(database);
        await InScopeAsync(services, a => a.AddAsync("gina", [Roles.Staff], Password, PrisonAccess.All));
        await using (var db = database.Open())
        {
            var id = await database.ScalarAsync<string>("SELECT id FROM staff_user WHERE user_name = 'gina'");
            await db.StartSessionAsync(id!, DateTime.UtcNow);
        }

        var entries = await EntriesAsync(database);
        var errors = new List<string>();
        for (var attempt = 1; attempt <= StaffIdentity.MaxFailedSignIns + 1; attempt++)
        {
            await InScopeAsync(services, async a => errors.AddRange((await a.ChangeOwnPasswordAsync("gina", $"Wrong-Passw0rd-{attempt}", "Other-Passw0rd!")).Errors.Select(e => e.Code)));
            if (attempt == StaffIdentity.MaxFailedSignIns - 1)
            {
                Assert.Equal(StaffIdentity.MaxFailedSignIns - 1, await database.ScalarAsync<int>("SELECT access_failed_count FROM staff_user WHERE user_name = 'gina'"));
                Assert.Equal(0L, await database.ScalarAsync<long>("SELECT count(*) FROM staff_session WHERE ended_at IS NOT NULL"));
            }
        }

        Assert.Equal([.. Enumerable.Repeat("PasswordMismatch", StaffIdentity.MaxFailedSignIns - 1), StaffAccounts.LockedOutError, StaffAccounts.LockedOutError], errors);
        Assert.True(await database.ScalarAsync<bool>("SELECT lockout_end IS NOT NULL FROM staff_user WHERE user_name = 'gina'"));
        Assert.Equal(["LockedOut"], (await database.RowsAsync("SELECT end_reason FROM staff_session")).Select(r => r[0]));
        Assert.Equal(
            [
                .. Enumerable.Repeat(new[] { Actor, "PasswordChangeRefused", "gina", "A change of their own password refused: wrong current password" }, StaffIdentity.MaxFailedSignIns - 1),
                new[] { Actor, "PasswordChangeRefused", "gina", "A change of their own password refused: wrong current password; the account is locked, its sessions ended" },
                new[] { Actor, "PasswordChangeRefused", "gina", "A change of their own password refused: the account is locked" },
            ],
            (await EntriesAsync(database)).Skip(entries.Count));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_password_someone_else_set_must_be_changed_and_the_users_own_change_ends_that(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using var services = Services(database);
        const string MustChange = "SELECT must_change_password FROM staff_user WHERE user_name = 'hugo'";

        await InScopeAsync(services, a => a.AddAsync("hugo", [Roles.Staff], Password, PrisonAccess.All));
        var added = await database.ScalarAsync<bool>(MustChange);
        await InScopeAsync(services, a => a.ChangeOwnPasswordAsync("hugo", Password, "Hugo-Own-Passw0rd-1"));
        var changed = await database.ScalarAsync<bool>(MustChange);
        await InScopeAsync(services, a => a.ResetPasswordAsync("hugo"));
        var reset = await database.ScalarAsync<bool>(MustChange);
        await InScopeAsync(services, a => a.AddAsync("demo-hugo", [Roles.Staff], Password, PrisonAccess.All, mustChangePassword: false));

        Assert.Equal((true, false, true), (added, changed, reset));
        Assert.False(await database.ScalarAsync<bool>("SELECT must_change_password FROM staff_user WHERE user_name = 'demo-hugo'"));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_common_or_too_long_password_is_refused_wherever_a_password_is_set(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using var services = Services(database);
        await InScopeAsync(services, a => a.AddAsync("iris", [Roles.Staff], Password, PrisonAccess.All));

        var added = await Assert.ThrowsAsync<ChangeRefusedException>(() => InScopeAsync(services, a => a.AddAsync("jack", [Roles.Staff], "Password123!", PrisonAccess.All)));
        var reset = await Assert.ThrowsAsync<ChangeRefusedException>(() => InScopeAsync(services, a => a.ResetPasswordAsync("iris", "P@ssw0rd2024!")));
        var tooLong = await Assert.ThrowsAsync<ChangeRefusedException>(() => InScopeAsync(services, a => a.ResetPasswordAsync("iris", Password + new string('x', Passwords.MaxLength))));
        List<string> own = [];
        await InScopeAsync(services, async a => own = [.. (await a.ChangeOwnPasswordAsync("iris", Password, "Welcome-2024!")).Errors.Select(e => e.Code)]);

        Assert.Contains("among the most common", added.Message, StringComparison.Ordinal);
        Assert.Contains("among the most common", reset.Message, StringComparison.Ordinal);
        Assert.Contains($"A password has at most {Passwords.MaxLength} characters.", tooLong.Message, StringComparison.Ordinal);
        Assert.Equal([CommonPasswordValidator.ErrorCode], own);
        Assert.Equal(1L, await database.ScalarAsync<long>("SELECT count(*) FROM staff_user"));
    }

    [Theory]
    [InlineData("password", true)]
    [InlineData("Password123!", true)]
    [InlineData("2024-Dragon-2024", true)]
    [InlineData("@dmin123456!", true)]
    [InlineData("Test-Passw0rd!", false)]
    [InlineData("Correct-Horse-Battery-9", false)]
    public void Common_passwords_are_told_whatever_their_case_look_alikes_and_the_digits_and_symbols_around_them(string password, bool common) =>
        Assert.Equal(common, CommonPasswordValidator.IsCommon(password));

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task An_act_whose_audit_entry_cannot_be_written_is_not_saved(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using var services = Services(database);
        await InScopeAsync(services, a => a.AddAsync("frank", [Roles.Staff], Password, PrisonAccess.All));
        var stamp = await database.ScalarAsync<string>("SELECT security_stamp FROM staff_user");
        await RefuseEntriesAboutAsync(database, "frank");

        await Assert.ThrowsAnyAsync<Exception>(() => InScopeAsync(services, a => a.DisableAsync("frank")));
        await Assert.ThrowsAnyAsync<Exception>(() => InScopeAsync(services, a => a.SetRolesAsync("frank", [Roles.Admin])));
        await Assert.ThrowsAnyAsync<Exception>(() => InScopeAsync(services, a => a.AddAsync("FRANK2", [Roles.Staff], Password, PrisonAccess.All)));

        Assert.False(await database.ScalarAsync<bool>("SELECT is_disabled FROM staff_user WHERE user_name = 'frank'"));
        Assert.Equal(stamp, await database.ScalarAsync<string>("SELECT security_stamp FROM staff_user WHERE user_name = 'frank'"));
        Assert.Equal(["Staff"], (await database.RowsAsync("SELECT r.name FROM staff_user_role ur JOIN staff_role r ON r.id = ur.role_id")).Select(r => r[0]));
        Assert.Equal(1L, await database.ScalarAsync<long>("SELECT count(*) FROM staff_user"));
    }

    /// <summary>Enrols bob with a code made from his key, as his app would make it.</summary>
    private static async Task EnrolAsync(StaffAccounts accounts)
    {
        var key = await accounts.NewAuthenticatorKeyAsync("bob");
        var codes = await accounts.EnrolTwoFactorAsync("bob", new Totp(Base32Encoding.ToBytes(key)).ComputeTotp(DateTime.UtcNow));
        Assert.Equal(StaffAccounts.RecoveryCodeCount, codes?.Count);
    }

    private static string WrongCode(string key)
    {
        var totp = new Totp(Base32Encoding.ToBytes(key));
        var accepted = Enumerable.Range(-3, 7).Select(step => totp.ComputeTotp(DateTime.UtcNow.AddSeconds(30 * step))).ToHashSet();
        return Enumerable.Range(0, 1_000_000).Select(n => n.ToString("D6", System.Globalization.CultureInfo.InvariantCulture)).First(code => !accepted.Contains(code));
    }

    /// <summary>A trigger that refuses every audit entry naming the user <paramref name="name"/> or "FRANK2", as a full disk or a lost connection would refuse it.</summary>
    private static Task RefuseEntriesAboutAsync(ScratchDatabase database, string name) =>
        database.Engine == Engine.PostgreSql
            ? database.ExecuteAsync($"""
                CREATE FUNCTION refuse_entry() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused for the test'; END; $$;
                CREATE TRIGGER refuse_entry BEFORE INSERT ON audit_entry FOR EACH ROW
                    WHEN (NEW.subject_user_name IN ('{name}', 'FRANK2')) EXECUTE FUNCTION refuse_entry();
                """)
            : database.ExecuteAsync($"""
                CREATE TRIGGER refuse_entry BEFORE INSERT ON audit_entry
                WHEN NEW.subject_user_name IN ('{name}', 'FRANK2')
                BEGIN SELECT RAISE(ABORT, 'refused for the test'); END;
                """);

    private static async Task<IReadOnlyList<string[]>> EntriesAsync(ScratchDatabase database) =>
        [.. (await database.RowsAsync("SELECT user_name, action, coalesce(subject_user_name, ''), summary FROM audit_entry ORDER BY at, id"))];

    private static ServiceProvider Services(ScratchDatabase database) => StaffAccountServices.Over(database, new AuditActor(Actor));
}
