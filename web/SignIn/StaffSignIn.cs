using Microsoft.AspNetCore.Authentication.Cookies;
using Microsoft.AspNetCore.Authorization;
using Microsoft.AspNetCore.DataProtection;
using Microsoft.AspNetCore.Identity;
using Prison.Db;
using Prison.Db.Identity;
using Prison.Worker.Hosting;

namespace Prison.Web.SignIn;

/// <summary>Sign-in with Identity's cookie: who may see which page, the idle session, lockout and the cookie's flags.</summary>
public static class StaffSignIn
{
    public static readonly TimeSpan IdleTimeout = TimeSpan.FromMinutes(30);

    /// <summary>How soon an open session notices that its user was disabled, given a new password or new roles.</summary>
    public static readonly TimeSpan StampCheckInterval = TimeSpan.FromMinutes(1);

    public const string SecureCookiesKey = "SignIn:SecureCookies";

    public static void AddStaffSignIn(this WebApplicationBuilder builder, PrisonSettings settings)
    {
        var services = builder.Services;
        services.AddAuthentication(options =>
        {
            options.DefaultScheme = IdentityConstants.ApplicationScheme;
            options.DefaultSignInScheme = IdentityConstants.ExternalScheme;
        }).AddIdentityCookies();
        services.AddStaffUsers().AddSignInManager<StaffSignInManager>();

        // The key ring that signs the session and antiforgery cookies lives in the database, not in the process's home
        // folder: a session survives a restart or a new container, and every web instance accepts it. With a
        // certificate configured, each key is stored encrypted with it, and read back with it.
        var keyRing = services.AddDataProtection().SetApplicationName("prison-dashboard").PersistKeysToDbContext<PrisonDb>();
        if (KeyRingCertificate.From(builder.Configuration, builder.Environment.ContentRootPath) is { } certificate)
        {
            keyRing.ProtectKeysWithCertificate(certificate);
        }

        // Secure cookies travel over HTTPS only. The embedded mode is tried over plain http://localhost, and
        // development runs so too: there the cookie is secure exactly when the request was.
        var secure = builder.Configuration.GetValue<bool?>(SecureCookiesKey) ?? !(settings.IsEmbedded || builder.Environment.IsDevelopment());
        services.AddOptions<CookieAuthenticationOptions>(IdentityConstants.ApplicationScheme).Configure<TimeProvider>((options, clock) =>
        {
            options.TimeProvider = clock;
            options.LoginPath = SignInPaths.SignIn;
            options.LogoutPath = SignInPaths.SignOut;
            options.AccessDeniedPath = SignInPaths.AccessDenied;
            options.ExpireTimeSpan = IdleTimeout;
            options.SlidingExpiration = true;
            options.Cookie.Name = "prison.session";
            options.Cookie.HttpOnly = true;
            options.Cookie.SameSite = SameSiteMode.Lax;
            options.Cookie.SecurePolicy = secure ? CookieSecurePolicy.Always : CookieSecurePolicy.SameAsRequest;
            options.Events.OnCheckSlidingExpiration = context =>
            {
                context.ShouldRenew &= !SignInPaths.IsPoll(context.Request.Path);
                return Task.CompletedTask;
            };
            options.Events.OnValidatePrincipal = async context =>
            {
                await SecurityStampValidator.ValidatePrincipalAsync(context);

                // A stamp check renews the cookie with a new expiry: not on a poll, or polling would keep the session alive.
                context.ShouldRenew &= !SignInPaths.IsPoll(context.Request.Path);
            };
            options.Events.OnRedirectToLogin = context => RedirectOrStatus(context, StatusCodes.Status401Unauthorized);
            options.Events.OnRedirectToAccessDenied = context => RedirectOrStatus(context, StatusCodes.Status403Forbidden);
        });
        services.AddOptions<SecurityStampValidatorOptions>().Configure<TimeProvider>((options, clock) =>
        {
            options.TimeProvider = clock;
            options.ValidationInterval = StampCheckInterval;
        });
        services.AddAntiforgery(options =>
        {
            options.Cookie.HttpOnly = true;
            options.Cookie.SecurePolicy = secure ? CookieSecurePolicy.Always : CookieSecurePolicy.SameAsRequest;
        });

        services.AddAuthorizationBuilder()
            .SetFallbackPolicy(new AuthorizationPolicyBuilder().RequireAuthenticatedUser().Build())
            .AddPolicy(Policies.Staff, policy => policy.RequireRole(Roles.Staff, Roles.Admin))
            .AddPolicy(Policies.Admin, policy => policy.RequireRole(Roles.Admin))
            .AddPolicy(Policies.Operator, policy => policy.RequireRole(Roles.Operator));
    }

    /// <summary>Which pages need which role, by folder, so that pages added later to a folder are protected too.</summary>
    public static void AuthorizeStaffPages(this Microsoft.AspNetCore.Mvc.RazorPages.RazorPagesOptions options)
    {
        options.Conventions.AuthorizeFolder("/Prisons", Policies.Staff);
        options.Conventions.AuthorizeFolder("/Prisoners", Policies.Staff);
        options.Conventions.AuthorizeFolder("/Admin", Policies.Admin);
        options.Conventions.AuthorizeFolder("/Operations", Policies.Operator);
        options.Conventions.AllowAnonymousToFolder("/Account");
        options.Conventions.AllowAnonymousToPage("/Error");
        options.Conventions.AllowAnonymousToPage("/NotFound");
    }

    private static Task RedirectOrStatus(Microsoft.AspNetCore.Authentication.RedirectContext<CookieAuthenticationOptions> context, int status)
    {
        if (SignInPaths.IsApi(context.Request.Path))
        {
            context.Response.StatusCode = status;
        }
        else
        {
            context.Response.Redirect(context.RedirectUri);
        }

        return Task.CompletedTask;
    }
}
