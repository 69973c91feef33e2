using Prison.Db.Identity;

namespace Prison.Web.SignIn;

/// <summary>
/// Whether the person behind the current request reaches every prison (<see cref="PrisonScope.IsEverywhere"/>), for the
/// acts only headquarters may do. Outside a request (the consumers and jobs web hosts in the embedded mode) the process acts.
/// </summary>
public sealed class SignedInReach(IHttpContextAccessor http) : IActorReach
{
    public bool ReachesEveryPrison => http.HttpContext is not { } context || PrisonScope.Of(context.User).IsEverywhere;
}
