using Prison.Db.Audit;
using Prison.Db.Identity;

using static Prison.Db.Tests.Identity.StaffAccountServices;

namespace Prison.Db.Tests.Identity;

/// <summary>
/// What an admin of some prisons may do to accounts, checked by <see cref="StaffAccounts"/> itself whatever page or
/// post asks: each refusal changes nothing and leaves one audit entry saying what was tried.
/// </summary>
public class StaffAccountsReachTests
{
    private const string Password = "First-Passw0rd!";

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task An_admin_of_one_prison_is_refused_every_act_on_an_operator_of_no_prison_and_on_a_user_of_all_prisons_and_nothing_changes(Engine engine)
    {
        await using var database = await WithPrisonsAsync(engine);
        await using (var headquarters = Over(database, AuditActor.Worker))
        {
            await InScopeAsync(headquarters, a => a.AddAsync("olga", [Roles.Operator], Password, PrisonAccess.None));
            await InScopeAsync(headquarters, a => a.AddAsync("hq", [Roles.Staff], Password, PrisonAccess.All));
        }

        var before = await database.RowsAsync("SELECT user_name, password_hash, security_stamp, is_disabled FROM staff_user ORDER BY user_name");
        await using var limited = Over(database, new AuditActor("rndc-admin"), ActorReach.Within([1]));

        var refusals = new List<string>();
        foreach (var name in new[] { "olga", "hq" })
        {
            foreach (var act in new Func<StaffAccounts, Task>[]
            {
                a => a.ResetPasswordAsync(name),
                a => a.DisableAsync(name),
                a => a.EnableAsync(name),
                a => a.SetRolesAsync(name, [Roles.Staff]),
                a => a.AssignPrisonsAsync(name, PrisonAccess.Only("P1")),
                a => a.ResetTwoFactorAsync(name, ownAccount: false),
            })
            {
                await InScopeAsync(limited, async a => refusals.Add((await Assert.ThrowsAsync<ChangeRefusedException>(() => act(a))).Message));
            }
        }

        Assert.All(refusals, m => Assert.Equal("You can manage only users who work within your prisons: an admin of all prisons manages the others.", m));
        Assert.Equal(before, await database.RowsAsync("SELECT user_name, password_hash, security_stamp, is_disabled FROM staff_user ORDER BY user_name"));
        Assert.Equal(
            [.. Enumerable.Repeat("Refused: manage olga, who works beyond the prisons they work in", 6), .. Enumerable.Repeat("Refused: manage hq, who works beyond the prisons they work in", 6)],
            (await database.RowsAsync("SELECT summary FROM audit_entry WHERE user_name = 'rndc-admin' ORDER BY at, id")).Select(r => r[0]));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task An_admin_of_one_prison_manages_a_user_of_that_prison_but_gives_neither_another_prison_nor_none_nor_Admin(Engine engine)
    {
        await using var database = await WithPrisonsAsync(engine);
        await using var limited = Over(database, new AuditActor("rndc-admin"), ActorReach.Within([1]));

        await InScopeAsync(limited, a => a.AddAsync("sam", [Roles.Staff], Password, PrisonAccess.Only("p1")));
        await InScopeAsync(limited, a => a.DisableAsync("sam"));
        await InScopeAsync(limited, a => a.EnableAsync("sam"));
        var wider = await Assert.ThrowsAsync<ChangeRefusedException>(() => InScopeAsync(limited, a => a.AssignPrisonsAsync("sam", PrisonAccess.Only("P1", "P2"))));
        var unknown = await Assert.ThrowsAsync<ChangeRefusedException>(() => InScopeAsync(limited, a => a.AddAsync("tom", [Roles.Staff], Password, PrisonAccess.Only("P9"))));
        var admin = await Assert.ThrowsAsync<ChangeRefusedException>(() => InScopeAsync(limited, a => a.SetRolesAsync("sam", [Roles.Staff, Roles.Admin])));

        Assert.Equal("prisons", wider.Input);
        Assert.Equal("You can give only the prisons you work in yourself: an admin of all prisons gives the others.", unknown.Message);
        Assert.Equal("roles", admin.Input);
        Assert.Equal([["sam", "0"]], await database.RowsAsync("SELECT user_name, CASE WHEN is_disabled THEN '1' ELSE '0' END FROM staff_user"));
        Assert.Equal([["1"]], await database.RowsAsync("SELECT prison_id FROM staff_user_prison"));
        Assert.Equal(
            ["UserAdded", "UserDisabled", "UserEnabled", "Refused", "Refused", "Refused"],
            (await database.RowsAsync("SELECT action FROM audit_entry ORDER BY at, id")).Select(r => r[0]));
    }
}
