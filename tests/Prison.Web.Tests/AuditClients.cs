namespace Prison.Web.Tests;

/// <summary>
/// The HTTP clients of the audit tests, made in one place: once sign-in exists, these sign in (as staff for the
/// prisoner pages, as an admin for the audit page) and the names below become those users' names.
/// </summary>
public static class AuditClients
{
    /// <summary>Who the audit log records for the staff client's requests.</summary>
    public const string StaffName = Db.Audit.AuditActor.Anonymous;

    public static HttpClient Staff(ProductionFixture system) => system.Web.CreateClient();

    public static HttpClient Admin(ProductionFixture system) => system.Web.CreateClient();
}
