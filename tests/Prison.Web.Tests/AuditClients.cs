using Prison.Db.Identity;

namespace Prison.Web.Tests;

/// <summary>The HTTP clients of the audit tests: signed in as the fixture's staff user for the prisoner pages, as a new admin for the audit page.</summary>
public static class AuditClients
{
    /// <summary>Who the audit log records for the staff client's requests.</summary>
    public const string StaffName = ProductionFixture.StaffName;

    public static Task<HttpClient> StaffAsync(ProductionFixture system) => system.Web.ClientSignedInAsAsync(StaffName);

    public static Task<HttpClient> AdminAsync(ProductionFixture system) => system.Web.SignedInClientAsync(Roles.Admin);
}
