using System.Security.Claims;
using Microsoft.AspNetCore.Identity;
using Microsoft.Extensions.Options;
using Prison.Db.Identity;

namespace Prison.Web.SignIn;

/// <summary>Identity's principal (id, name, security stamp, roles) and whether the user's two-factor sign-in is on.</summary>
public sealed class StaffClaimsPrincipalFactory(UserManager<StaffUser> users, RoleManager<IdentityRole> roles, IOptions<IdentityOptions> options)
    : UserClaimsPrincipalFactory<StaffUser, IdentityRole>(users, roles, options)
{
    protected override async Task<ClaimsIdentity> GenerateClaimsAsync(StaffUser user)
    {
        var identity = await base.GenerateClaimsAsync(user);
        if (user.TwoFactorEnabled)
        {
            identity.AddClaim(new Claim(TwoFactorClaim.Type, "on"));
        }

        return identity;
    }
}
