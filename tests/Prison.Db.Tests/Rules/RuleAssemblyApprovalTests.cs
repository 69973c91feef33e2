using Microsoft.EntityFrameworkCore;
using Prison.Db.Audit;
using Prison.Db.RuleSettings;

namespace Prison.Db.Tests.Rules;

public class RuleAssemblyApprovalTests
{
    private static readonly string Hash = new('a', 64);

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Approving_an_assembly_stores_its_hash_who_and_when_with_an_audit_entry_and_approving_it_again_writes_nothing(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using (var db = database.OpenAs("hq-admin", new MovableClock(TestDay.Noon)))
        {
            Assert.True(await db.ApproveRuleAssemblyAsync(Approval("Rules.dll")));
        }

        await using (var db = database.OpenAs("hq-admin", new MovableClock(TestDay.Noon)))
        {
            Assert.False(await db.ApproveRuleAssemblyAsync(Approval("Renamed.dll")));
        }

        await using var read = database.Open();
        var approval = Assert.Single(await read.RuleAssemblyApprovalsAsync());
        Assert.Equal((Hash, "Rules.dll", "A.Rule", "hq-admin", TestDay.Noon.UtcDateTime), (approval.Sha256, approval.FileName, approval.Rules, approval.ApprovedBy, approval.ApprovedAtUtc));
        Assert.Equal(DateTimeKind.Utc, approval.ApprovedAtUtc.Kind);
        var entry = Assert.Single(await read.AuditEntries.AsNoTracking().Where(e => e.Action == AuditAction.RuleAssemblyApproved).ToListAsync());
        Assert.Equal(
            ("hq-admin", $"Approved the rules assembly Rules.dll (SHA-256 {Hash}) with the rule(s) A.Rule; web and worker load it at their next start",
             $$"""{"Assembly":"Rules.dll","Sha256":"{{Hash}}","Approved":false}""", $$"""{"Assembly":"Rules.dll","Sha256":"{{Hash}}","Approved":true}"""),
            (entry.UserName, entry.Summary, entry.Before, entry.After));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Revoking_an_approval_deletes_it_with_an_audit_entry_and_revoking_none_writes_nothing(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using (var db = database.OpenAs("hq-admin", new MovableClock(TestDay.Noon)))
        {
            await db.ApproveRuleAssemblyAsync(Approval("Rules.dll"));
        }

        await using (var db = database.OpenAs("hq-admin", new MovableClock(TestDay.Noon)))
        {
            Assert.True(await db.RevokeRuleAssemblyAsync(Hash));
            Assert.False(await db.RevokeRuleAssemblyAsync(Hash));
        }

        Assert.Equal(0L, await database.ScalarAsync<long>("SELECT count(*) FROM rule_assembly_approval"));
        Assert.Equal(
            [["RuleAssemblyApproved"], ["RuleAssemblyRevoked"]],
            (await database.RowsAsync("SELECT action FROM audit_entry ORDER BY at, id")).Select(r => r.ToArray()));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Two_admins_approving_the_same_assembly_at_once_store_one_approval_and_one_entry_and_neither_fails(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var approvals = Enumerable.Range(0, 4).Select(async _ =>
        {
            await using var db = database.OpenAs("hq-admin", new MovableClock(TestDay.Noon));
            return await db.ApproveRuleAssemblyAsync(Approval("Rules.dll"));
        });

        var stored = await Task.WhenAll(approvals);

        Assert.Single(stored, true);
        Assert.Equal(1L, await database.ScalarAsync<long>("SELECT count(*) FROM rule_assembly_approval"));
        Assert.Equal(1L, await database.ScalarAsync<long>("SELECT count(*) FROM audit_entry WHERE action = 'RuleAssemblyApproved'"));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task The_database_refuses_an_approval_whose_hash_is_not_64_lower_case_hexadecimal_digits(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using var db = database.Open(new MovableClock(TestDay.Noon));

        await Assert.ThrowsAnyAsync<System.Data.Common.DbException>(() => db.ApproveRuleAssemblyAsync(Approval("Rules.dll", new string('A', 64))));
        Assert.Equal(0L, await database.ScalarAsync<long>("SELECT count(*) FROM rule_assembly_approval"));
    }

    private static RuleAssemblyApproval Approval(string fileName, string? sha256 = null) =>
        new() { Sha256 = sha256 ?? Hash, FileName = fileName, Rules = "A.Rule", ApprovedBy = "hq-admin", ApprovedAtUtc = TestDay.Noon.UtcDateTime };
}
