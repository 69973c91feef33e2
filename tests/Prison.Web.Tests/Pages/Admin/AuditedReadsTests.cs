using System.Net;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db.Identity;
using Prison.Domain.Evaluation;

namespace Prison.Web.Tests.Pages.Admin;

/// <summary>
/// Reads of prisoners, probes beyond the user's prisons and signing out leave entries in the audit log, each with the
/// client's address, and the audit page finds them by kind. Web alone against each engine: P1 holds C01…C03, P2 holds
/// C21; the reader works at P1 only.
/// </summary>
public sealed class AuditedReadsTests
{
    public static TheoryData<Engine> Engines => [Engine.PostgreSql, Engine.Sqlite];

    /// <summary>Web listens on the loopback address; its clients come from there.</summary>
    private const string Loopback = "127.0.0.1";

    [Theory]
    [MemberData(nameof(Engines))]
    public async Task Every_read_of_prisoners_probe_beyond_reach_and_sign_out_is_audited_with_what_was_asked_and_the_clients_address(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using var web = await RunningWeb.StartAsync(database, ServerArguments.NewQueuePrefix());
        await SeedAsync(database, web);
        var name = await web.CreateUserOfPrisonsAsync(["P1"], Roles.Staff);
        using var client = await web.ClientSignedInAsAsync(name);

        foreach (var path in new[] { "/prisons/P1", "/prisons/P1/prisoners?status=Unknown", "/search?q=c0", "/prisons/P1/since-last-shift", "/prisoners/C01" })
        {
            using var read = await client.GetAsync(path);
            Assert.True(read.StatusCode == HttpStatusCode.OK, $"{path} answered {(int)read.StatusCode}");
        }

        foreach (var path in new[] { "/prisons/P2", "/prisoners/C21", RecordPosting.FormPath("C21", NoticePosting.Kind), "/prisons/NOPE", "/prisoners/NOBODY" })
        {
            using var probe = await client.GetAsync(path);
            Assert.True(probe.StatusCode == HttpStatusCode.NotFound, $"{path} answered {(int)probe.StatusCode}");
        }

        var token = SigningIn.TokenIn(await client.GetStringAsync("/sign-out"));
        using (var signedOut = await client.PostAsync("/sign-out", new FormUrlEncodedContent([new(NoticePosting.TokenField, token)])))
        {
            Assert.Equal(HttpStatusCode.Redirect, signedOut.StatusCode);
        }

        var entries = (await database.RowsAsync($"SELECT action, summary, remote_address FROM audit_entry WHERE user_name = '{name}' AND action <> 'SignedIn'"))
            .OrderBy(e => e[0], StringComparer.Ordinal).ThenBy(e => e[1], StringComparer.Ordinal).ToList();
        Assert.All(entries, e => Assert.Equal(Loopback, e[2]));
        Assert.Equal(
            [
                ["DashboardViewed", "Opened the dashboard of P1: 3 arrivals shown"],
                ["OutOfReach", "Refused, beyond the user's prisons: GET /prisoners/C21, the prisoner C21"],
                ["OutOfReach", $"Refused, beyond the user's prisons: GET {RecordPosting.FormPath("C21", NoticePosting.Kind)}, the prisoner C21"],
                ["OutOfReach", "Refused, beyond the user's prisons: GET /prisons/P2, the prison P2"],
                ["PrisonerViewed", "Viewed the prisoner page"],
                ["PrisonersListed", "Listed the Unknown prisoners at P1: 3 prisoners shown"],
                ["PrisonersSearched", "Searched for \"c0\": 3 prisoners listed"],
                ["ShiftChangesViewed", entries.Single(e => e[0] == "ShiftChangesViewed")[1]],
                ["SignedOut", "Signed out"],
            ],
            entries.Select(e => e[..2]));
        Assert.Matches("^Read since last shift at P1 from .+ to .+: 0 changes shown$", entries.Single(e => e[0] == "ShiftChangesViewed")[1]);
        Assert.Equal(
            [["C21"], ["C21"], ["C01"]],
            await database.RowsAsync($"SELECT prisoner_number FROM audit_entry WHERE user_name = '{name}' AND prisoner_number IS NOT NULL ORDER BY action"));

        using var admin = await web.SignedInClientAsync(Roles.Admin);
        var rows = AuditRow.In(await admin.GetStringAsync($"/admin/audit?user={name}&kind=OutOfReach"));
        Assert.Equal(["C21", "C21", ""], rows.Select(r => r.Prisoner));
        Assert.All(rows, r => Assert.Equal((name, Loopback, "Out of reach"), (r.User, r.From, r.Action)));
        Assert.Equal(["Signed out"], AuditRow.In(await admin.GetStringAsync($"/admin/audit?user={name}&kind=signedout")).Select(r => r.Summary));
    }

    /// <summary>Two prisons: C01…C03 at P1 since last month, C21 at P2.</summary>
    private static async Task SeedAsync(ScratchDatabase database, RunningWeb web)
    {
        var today = web.Services.GetRequiredService<PrisonCalendar>().Today(DateTime.UtcNow);
        await using var db = database.Open();
        db.Prisons.AddRange(Records.Prison(1), Records.Prison(2));
        db.Prisoners.AddRange(
            Records.Harmless("C01", 1, today.AddMonths(-1).AddDays(2)),
            Records.Harmless("C02", 1, today.AddMonths(-1).AddDays(1)),
            Records.Harmless("C03", 1, today.AddMonths(-1)),
            Records.Harmless("C21", 2, today.AddMonths(-1)));
        await db.SaveRecordChangesAsync();
    }
}
