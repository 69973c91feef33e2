using Microsoft.Extensions.DependencyInjection;
using Prison.Db.Audit;
using Prison.Db.Identity;

using static Prison.Db.Tests.Identity.StaffAccountServices;

namespace Prison.Db.Tests.Identity;

/// <summary>
/// The prisons users work in, through <see cref="StaffAccounts"/> as the users page and the command line use it: the
/// list written exactly, the user's sessions ended and one audit entry, in one transaction; a refusal changes nothing.
/// </summary>
public class StaffAccountsPrisonsTests
{
    private const string Password = "First-Passw0rd!";

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Assigning_prisons_writes_exactly_them_ends_every_open_session_moves_the_stamp_and_leaves_one_audit_entry(Engine engine)
    {
        await using var database = await WithPrisonsAsync(engine);
        await using var services = Services(database);
        await InScopeAsync(services, a => a.AddAsync("bob", [Roles.Staff], Password, PrisonAccess.All));
        var userId = (await database.RowsAsync("SELECT id FROM staff_user WHERE user_name = 'bob'")).Single()[0];
        await using (var db = database.Open())
        {
            await db.StartSessionAsync(userId, DateTime.UtcNow);
            await db.StartSessionAsync(userId, DateTime.UtcNow);
        }

        var stamp = await database.ScalarAsync<string>("SELECT security_stamp FROM staff_user");
        var entries = await EntriesAsync(database);

        await InScopeAsync(services, a => a.AssignPrisonsAsync("BOB", PrisonAccess.Only("p2", "P1", "P2")));

        Assert.Equal([["1"], ["2"]], await database.RowsAsync("SELECT prison_id FROM staff_user_prison ORDER BY prison_id"));
        Assert.Equal(["0"], (await database.RowsAsync("SELECT CASE WHEN all_prisons THEN '1' ELSE '0' END FROM staff_user")).Single());
        Assert.Equal([["PrisonsChanged"], ["PrisonsChanged"]], await database.RowsAsync("SELECT coalesce(end_reason, 'open') FROM staff_session"));
        Assert.NotEqual(stamp, await database.ScalarAsync<string>("SELECT security_stamp FROM staff_user"));
        Assert.Equal(
            [[AuditActor.Worker.Name!, "PrisonsAssigned", "Gave bob the prisons P1, P2 (had all prisons); their sessions ended", "{\"Prisons\":\"all\"}", "{\"Prisons\":[\"P1\",\"P2\"]}"]],
            (await EntriesAsync(database)).Skip(entries.Count));

        await InScopeAsync(services, a => a.AssignPrisonsAsync("bob", PrisonAccess.Only("P3")));
        await InScopeAsync(services, async a => Assert.Equal(PrisonAccess.Only("P3").ToString(), (await a.FindAccountAsync("bob"))!.Prisons.ToString()));
        await InScopeAsync(services, a => a.AssignPrisonsAsync("bob", PrisonAccess.All));

        Assert.Equal(0L, await database.ScalarAsync<long>("SELECT count(*) FROM staff_user_prison"));
        Assert.Equal(
            ["Gave bob the prisons P1, P2 (had all prisons); their sessions ended", "Gave bob the prison P3 (had the prisons P1, P2); their sessions ended", "Gave bob all prisons (had the prison P3); their sessions ended"],
            (await EntriesAsync(database)).Skip(entries.Count).Select(e => e[2]));
        await InScopeAsync(services, async a => Assert.True((await a.FindAccountAsync("bob"))!.Prisons.AllPrisons));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_user_added_with_prisons_has_them_from_the_start_and_an_operator_may_have_none(Engine engine)
    {
        await using var database = await WithPrisonsAsync(engine);
        await using var services = Services(database);

        await InScopeAsync(services, a => a.AddAsync("carol", [Roles.Admin], Password, PrisonAccess.Only("P2")));
        await InScopeAsync(services, a => a.AddAsync("olga", [Roles.Operator], Password, PrisonAccess.None));

        await InScopeAsync(services, async a =>
        {
            var listed = (await a.ListAsync()).ToDictionary(u => u.Name, u => u.Prisons.ToString());
            Assert.Equal("P2", listed["carol"]);
            Assert.Equal("no prison", listed["olga"]);
        });
        Assert.Equal(
            [["UserAdded", "Added the user carol with the role(s) Admin, working in the prison P2"], ["UserAdded", "Added the user olga with the role(s) Operator"]],
            (await EntriesAsync(database)).Select(e => new[] { e[1], e[2] }));
        Assert.Equal("{\"Roles\":[\"Admin\"],\"Prisons\":[\"P2\"]}", (await EntriesAsync(database))[0][4]);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task An_unknown_prison_or_none_for_Staff_or_Admin_is_refused_saying_why_and_nothing_changes(Engine engine)
    {
        await using var database = await WithPrisonsAsync(engine);
        await using var services = Services(database);
        await InScopeAsync(services, a => a.AddAsync("dave", [Roles.Staff], Password, PrisonAccess.Only("P1")));
        var users = await database.RowsAsync("SELECT * FROM staff_user");
        var entries = await EntriesAsync(database);

        var refusals = new (Func<StaffAccounts, Task> Act, string Message)[]
        {
            (a => a.AddAsync("erin", [Roles.Staff], Password, PrisonAccess.None), "Give erin at least one prison, or all prisons: Staff and Admin see prisoners only in the prisons they work in."),
            (a => a.AddAsync("erin", [Roles.Operator, Roles.Admin], Password, PrisonAccess.None), "Give erin at least one prison, or all prisons: Staff and Admin see prisoners only in the prisons they work in."),
            (a => a.AddAsync("erin", [Roles.Staff], Password, PrisonAccess.Only("X9")), "'X9' is not a prison. The prisons are P1, P2, P3."),
            (a => a.AssignPrisonsAsync("dave", PrisonAccess.Only("P1", "X9")), "'X9' is not a prison. The prisons are P1, P2, P3."),
            (a => a.AssignPrisonsAsync("dave", PrisonAccess.None), "Give at least one prison, or all prisons."),
            (a => a.AssignPrisonsAsync("dave", new PrisonAccess(true, ["P2"])), "Give all prisons or a list of prisons, not both."),
            (a => a.AssignPrisonsAsync("nobody", PrisonAccess.Only("P2")), "There is no user called 'nobody'."),
        };
        foreach (var (act, message) in refusals)
        {
            var refused = await Assert.ThrowsAsync<ChangeRefusedException>(() => InScopeAsync(services, act));
            Assert.Equal(message, refused.Message);
        }

        Assert.Equal(users, await database.RowsAsync("SELECT * FROM staff_user"));
        Assert.Equal([["1"]], await database.RowsAsync("SELECT prison_id FROM staff_user_prison"));
        Assert.Equal(entries, await EntriesAsync(database));
    }

    private static async Task<IReadOnlyList<string[]>> EntriesAsync(ScratchDatabase database) =>
        [.. await database.RowsAsync("SELECT user_name, action, summary, coalesce(before_values, ''), coalesce(after_values, '') FROM audit_entry ORDER BY at, id")];

    private static ServiceProvider Services(ScratchDatabase database) => StaffAccountServices.Over(database, AuditActor.Worker);
}
