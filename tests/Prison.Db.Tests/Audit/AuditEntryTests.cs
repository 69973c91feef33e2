using Microsoft.EntityFrameworkCore;
using Prison.Db.Audit;

namespace Prison.Db.Tests.Audit;

/// <summary>The entries sign-in and the rules page write: they name the time of the save and, unless they say who, the actor.</summary>
public class AuditEntryTests
{
    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Sign_ins_record_the_person_signing_in_not_the_actor_and_where_the_actor_acts_from(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var clock = new MovableClock(TestDay.Noon);
        await using (var db = PrisonDatabase.OpenAs(new AuditActor("someone else", "10.0.0.1"), database.ConnectionString, clock))
        {
            db.AuditEntries.Add(AuditEntry.SignedIn("alice"));
            db.AuditEntries.Add(AuditEntry.SignInFailed("mallory", 7, "wrong password"));
            await db.SaveChangesAsync();
        }

        await using var read = database.Open();
        var entries = await read.AuditEntries.OrderBy(e => e.UserName).ToListAsync();
        Assert.Equal(
            [("alice", AuditAction.SignedIn, "Signed in", "10.0.0.1"), ("mallory", AuditAction.SignInFailed, "Sign-in failed: wrong password", "10.0.0.1")],
            entries.Select(e => (e.UserName, e.Action, e.Summary, e.RemoteAddress!)));
        Assert.All(entries, e => Assert.Equal(TestDay.Noon.UtcDateTime, e.AtUtc));
        Assert.All(entries, e => Assert.Null(e.PrisonerId));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Enabling_and_disabling_a_rule_records_the_actor_the_reason_and_the_state_before_and_after(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using (var db = database.OpenAs("admin"))
        {
            db.AuditEntries.Add(AuditEntry.RuleDisabled("R12", "fires for everyone since the new policy"));
            await db.SaveChangesAsync();
            db.AuditEntries.Add(AuditEntry.RuleEnabled("R12", "policy withdrawn"));
            await db.SaveChangesAsync();
        }

        await using var read = database.Open();
        var entries = await read.AuditEntries.OrderBy(e => e.Summary).ToListAsync();
        Assert.Equal(
            [
                (AuditAction.RuleDisabled, "Disabled rule R12: fires for everyone since the new policy", """{"Rule":"R12","Enabled":true}""", """{"Rule":"R12","Enabled":false}"""),
                (AuditAction.RuleEnabled, "Enabled rule R12: policy withdrawn", """{"Rule":"R12","Enabled":false}""", """{"Rule":"R12","Enabled":true}"""),
            ],
            entries.Select(e => (e.Action, e.Summary, e.Before!, e.After!)));
        Assert.All(entries, e => Assert.Equal("admin", e.UserName));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Every_kind_of_entry_records_where_its_actor_acts_from(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using (var db = PrisonDatabase.OpenAs(new AuditActor("alice", "192.0.2.7"), database.ConnectionString))
        {
            db.AuditEntries.AddRange(
                AuditEntry.PrisonerViewed(Guid.CreateVersion7(), "A1"),
                AuditEntry.Searched("smith", 3),
                AuditEntry.PrisonersListed("the Dangerous prisoners at P1", firstPage: true, 2),
                AuditEntry.DashboardViewed("P1", 10),
                AuditEntry.ShiftChangesViewed("P1 from 2025-01-01 08:00 to 2025-01-01 20:00", 1),
                AuditEntry.OutOfReach("GET /prisons/P2, the prison P2"),
                AuditEntry.JobRun("Started a full re-evaluation from the operations page"),
                AuditEntry.SignedOut(),
                AuditEntry.RuleDisabled("R12", "policy"),
                AuditEntry.Refused(null, "GET /admin/users"));
            await db.SaveChangesAsync();
        }

        var rows = await database.RowsAsync("SELECT user_name, remote_address FROM audit_entry");
        Assert.Equal(10, rows.Count);
        Assert.All(rows, row => Assert.Equal(["alice", "192.0.2.7"], row));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_process_acts_from_its_machine_and_the_command_line_says_so(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        foreach (var actor in new[] { AuditActor.Worker, AuditActor.CommandLine })
        {
            await using var db = PrisonDatabase.OpenAs(actor, database.ConnectionString);
            db.AuditEntries.Add(AuditEntry.UserDisabled("lee"));
            await db.SaveChangesAsync();
        }

        Assert.Equal(
            [Environment.MachineName, $"command line on {Environment.MachineName}"],
            (await database.RowsAsync("SELECT remote_address FROM audit_entry ORDER BY id")).Select(r => r[0]));
    }

    [Fact]
    public async Task A_unit_of_work_with_no_actor_records_the_one_fallback_name()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.Sqlite);
        await using (var db = database.Open())
        {
            db.AuditEntries.Add(AuditEntry.PrisonerViewed(Guid.CreateVersion7(), "A1"));
            await db.SaveChangesAsync();
        }

        Assert.Equal(AuditActor.Anonymous, await database.ScalarAsync<string>("SELECT user_name FROM audit_entry"));
    }
}
