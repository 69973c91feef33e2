using System.Security.Claims;
using Microsoft.AspNetCore.Authentication;
using Microsoft.AspNetCore.Identity;
using Microsoft.Extensions.Options;
using Prison.Db.Identity;

namespace Prison.Web.SignIn;

/// <summary>Identity's sign-in, refusing disabled users at the form and at every security-stamp check of an open session.</summary>
public sealed class StaffSignInManager(
    UserManager<StaffUser> users,
    IHttpContextAccessor context,
    IUserClaimsPrincipalFactory<StaffUser> claims,
    IOptions<IdentityOptions> options,
    ILogger<SignInManager<StaffUser>> logger,
    IAuthenticationSchemeProvider schemes,
    IUserConfirmation<StaffUser> confirmation)
    : SignInManager<StaffUser>(users, context, claims, options, logger, schemes, confirmation)
{
    public override async Task<bool> CanSignInAsync(StaffUser user) => !user.IsDisabled && await base.CanSignInAsync(user);

    public override async Task<StaffUser?> ValidateSecurityStampAsync(ClaimsPrincipal? principal) =>
        await base.ValidateSecurityStampAsync(principal) is { IsDisabled: false } user ? user : null;
}
