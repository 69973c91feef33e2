using Prison.Db.Audit;
using Prison.Web.SignIn;

namespace Prison.Web.App;

/// <summary>
/// The person behind the current request, and the address their request came from, for the audit log: every entry a
/// request writes gets both here, whichever page writes it. Outside a request (the consumers and jobs web hosts in the
/// embedded mode, the demo seed) the process itself acts, from its machine.
/// </summary>
public sealed class SignedInActor(IHttpContextAccessor http) : IAuditActor
{
    public string? Name => http.HttpContext is { } context ? context.User.Identity?.Name : AuditActor.Worker.Name;

    /// <summary>The client's address as the connection (behind configured proxies, the forwarded headers) gives it; an IPv4 client as IPv4.</summary>
    public string? Address => http.HttpContext is { } context
        ? context.Connection.RemoteIpAddress is { } address ? (address.IsIPv4MappedToIPv6 ? address.MapToIPv4() : address).ToString() : null
        : AuditActor.Worker.Address;

    /// <summary>The signed-in user's prisons (none for a request without a session); null for every prison and outside a request.</summary>
    public IReadOnlyCollection<int>? PrisonIds => http.HttpContext is { } context ? PrisonScope.Of(context.User).PrisonIds : null;
}
