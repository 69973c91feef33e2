using System.Security.Claims;
using Microsoft.AspNetCore.Identity;
using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.Options;
using Prison.Db;
using Prison.Db.Identity;

namespace Prison.Web.SignIn;

/// <summary>
/// Identity's principal of a user (id, name, security stamp, roles), whether their two-factor sign-in is on, whether
/// they must change a password someone else set, and the prisons they work in, read by <see cref="PrisonScope"/>. Made
/// at sign-in and again at every security-stamp check, so that a session carries the prisons it was given; an
/// assignment also ends the user's sessions
/// (<see cref="StaffAccounts.AssignPrisonsAsync"/>).
/// </summary>
public sealed class StaffClaimsPrincipalFactory(
    UserManager<StaffUser> users, RoleManager<IdentityRole> roles, IOptions<IdentityOptions> options, PrisonDb db)
    : UserClaimsPrincipalFactory<StaffUser, IdentityRole>(users, roles, options)
{
    protected override async Task<ClaimsIdentity> GenerateClaimsAsync(StaffUser user)
    {
        var identity = await base.GenerateClaimsAsync(user);
        if (user.TwoFactorEnabled)
        {
            identity.AddClaim(new Claim(TwoFactorClaim.Type, "on"));
        }

        if (user.MustChangePassword)
        {
            identity.AddClaim(new Claim(PasswordChangeClaim.Type, "yes"));
        }

        var prisonIds = user.AllPrisons
            ? []
            : await db.StaffUserPrisons.AsNoTracking().Where(p => p.UserId == user.Id).Select(p => p.PrisonId).OrderBy(id => id).ToListAsync();
        identity.AddClaims(PrisonScope.Claims(user.AllPrisons, prisonIds));
        return identity;
    }
}
