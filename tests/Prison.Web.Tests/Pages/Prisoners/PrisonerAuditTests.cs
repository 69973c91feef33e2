using System.Net;
using System.Text.Json;
using Prison.Web.Tests.Pages.Admin;

namespace Prison.Web.Tests.Pages.Prisoners;

/// <summary>What the prisoner page leaves in the audit log. Each test uses a prisoner of its own.</summary>
public sealed class PrisonerAuditTests(ProductionFixture system) : IClassFixture<ProductionFixture>
{
    [Fact]
    public async Task Viewing_a_prisoner_page_writes_a_view_entry()
    {
        const string number = "A107";
        using var client = await AuditClients.StaffAsync(system);

        using var response = await client.GetAsync($"/prisoners/{number}");

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        var entry = Assert.Single(await system.Database.RowsAsync(
            $"SELECT user_name, action, prisoner_id, summary, at FROM audit_entry WHERE prisoner_number = '{number}' AND action = 'PrisonerViewed'"));
        Assert.Equal([AuditClients.StaffName, "PrisonerViewed", system.Ids[number].ToString(), "Viewed the prisoner page"], entry[..4]);
    }

    [Fact]
    public async Task A_page_that_is_not_found_writes_nothing()
    {
        using var client = await AuditClients.StaffAsync(system);

        using var response = await client.GetAsync("/prisoners/NOBODY");

        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
        Assert.Equal(0, await system.Database.ScalarAsync<long>("SELECT count(*) FROM audit_entry WHERE prisoner_number = 'NOBODY'"));
    }

    [Fact]
    public async Task Recording_a_notice_writes_a_change_entry_with_the_values_after_and_the_audit_page_shows_them()
    {
        const string number = "A108";
        using var staff = await AuditClients.StaffAsync(system);
        var (_, token) = await NoticePosting.OpenAsync(staff, number);
        var today = system.Today.ToString("yyyy-MM-dd");

        using var response = await NoticePosting.PostAsync(staff, number, token, "Weapon", today, "a blade in the mattress");

        Assert.Equal(HttpStatusCode.Redirect, response.StatusCode);
        var entry = Assert.Single(await system.Database.RowsAsync(
            $"SELECT user_name, summary, before_values, after_values FROM audit_entry WHERE prisoner_number = '{number}' AND action = 'PrisonerChanged'"));
        Assert.Equal([AuditClients.StaffName, "Added disciplinary notice", "NULL"], entry[..3]);
        var notice = Assert.Single(JsonDocument.Parse(entry[3]).RootElement.EnumerateObject()).Value;
        Assert.Equal(("Weapon", today, "a blade in the mattress"), (notice.GetProperty("Type").GetString(), notice.GetProperty("Date").GetString(), notice.GetProperty("Description").GetString()));

        using var admin = await AuditClients.AdminAsync(system);
        var rows = AuditRow.In(await admin.GetStringAsync($"/admin/audit?prisoner={number}"));
        var change = Assert.Single(rows, r => r.Action == "Prisoner changed");
        Assert.Equal(
            [$"Disciplinary notice · Date: {today}", "Disciplinary notice · Description: a blade in the mattress", "Disciplinary notice · Type: Weapon"],
            change.Changes);
    }

    [Fact]
    public async Task A_refused_notice_writes_no_change_entry()
    {
        const string number = "A109";
        using var staff = await AuditClients.StaffAsync(system);
        var (_, token) = await NoticePosting.OpenAsync(staff, number);

        using var response = await NoticePosting.PostAsync(staff, number, token, "Weapon", "yesterday", "a blade");

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(0, await system.Database.ScalarAsync<long>($"SELECT count(*) FROM audit_entry WHERE prisoner_number = '{number}' AND action = 'PrisonerChanged'"));
    }
}
