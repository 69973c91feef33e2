using Prison.Db.Audit;

namespace Prison.Web.Hosting;

/// <summary>
/// The person behind the current request, for the audit log. Outside a request (the consumers and jobs web hosts in
/// the embedded mode, the demo seed) the process itself acts.
/// </summary>
public sealed class SignedInActor(IHttpContextAccessor http) : IAuditActor
{
    public string? Name => http.HttpContext is { } context ? context.User.Identity?.Name : AuditActor.Worker.Name;
}
