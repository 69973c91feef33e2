using Prison.Db;
using Prison.Db.Audit;
using Prison.Db.Identity;

namespace Prison.Web.SignIn;

/// <summary>
/// A signed-in user refused a page or a post of another role is audited: who, what they asked for, and the roles they
/// have, whether the refusal came from the pages' policies or from Hangfire's dashboard. The pages' own polls are left
/// out: a refused poll is a screen left open, not an attempt.
/// </summary>
public static class RefusedAccessAudit
{
    public static async Task WriteAsync(HttpContext context)
    {
        if (SignInPaths.IsPoll(context.Request.Path))
        {
            return;
        }

        var roles = Roles.All.Where(context.User.IsInRole).ToList();
        var db = context.RequestServices.GetRequiredService<PrisonDb>();
        db.AuditEntries.Add(AuditEntry.Refused(null, $"{context.Request.Method} {context.Request.PathBase}{context.Request.Path}{context.Request.QueryString}, which the role(s) {(roles.Count == 0 ? "none" : string.Join(", ", roles))} do not open"));
        await db.SaveChangesAsync(context.RequestAborted);
    }
}
