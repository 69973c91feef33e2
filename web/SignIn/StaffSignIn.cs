using System.Security.Claims;
using Microsoft.AspNetCore.Authentication;
using Microsoft.AspNetCore.Authentication.Cookies;
using Microsoft.AspNetCore.Authorization;
using Microsoft.AspNetCore.DataProtection;
using Microsoft.AspNetCore.DataProtection.KeyManagement;
using Microsoft.AspNetCore.Identity;
using Microsoft.EntityFrameworkCore;
using Prison.Db;
using Prison.Db.Audit;
using Prison.Db.Identity;
using Prison.ServiceDefaults;
using Prison.Web.Downloads;

namespace Prison.Web.SignIn;

/// <summary>Sign-in with Identity's cookie: who may see which page, the idle session, lockout and the cookie's flags.</summary>
public static class StaffSignIn
{
    /// <summary>How soon an open session notices that its user was disabled, given a new password, new roles or new prisons.</summary>
    public static readonly TimeSpan StampCheckInterval = TimeSpan.FromMinutes(1);

    public const string SecureCookiesKey = "SignIn:SecureCookies";

    public static void AddStaffSignIn(this WebApplicationBuilder builder, PrisonSettings settings)
    {
        var services = builder.Services;
        var lifetime = SessionLifetime.From(builder.Configuration);
        var idle = SessionIdleTime.From(builder.Configuration, lifetime);
        services.AddSingleton(lifetime);
        services.AddSingleton(idle);
        services.AddAuthentication(options =>
        {
            options.DefaultScheme = IdentityConstants.ApplicationScheme;
            options.DefaultSignInScheme = IdentityConstants.ExternalScheme;
        }).AddIdentityCookies();
        services.AddStaffUsers().AddSignInManager<StaffSignInManager>().AddClaimsPrincipalFactory<StaffClaimsPrincipalFactory>();
        services.AddSingleton(TwoFactorRequirement.From(builder.Configuration, settings));
        services.AddSingleton(SystemUseNotice.From(builder.Configuration));
        services.AddSingleton<EndedSessions>();
        services.AddSingleton(provider => UnknownUserLockouts.From(builder.Configuration, provider.GetRequiredService<TimeProvider>()));
        services.AddSignInRateLimit(builder.Configuration);
        services.AddDownloadLimits(builder.Configuration);
        services.AddHostedService<EndedSessionsWatcher>();

        // The key ring that signs the session and antiforgery cookies lives in the database, not in the process's home
        // folder: a session survives a restart or a new container, and every web instance accepts it. With a
        // certificate configured, each key is stored encrypted with it, and read back with it.
        var keyRing = services.AddDataProtection().SetApplicationName("prison-dashboard").PersistKeysToDbContext<PrisonDb>();
        if (KeyRingCertificate.From(builder.Configuration, builder.Environment.ContentRootPath) is { } certificate)
        {
            keyRing.ProtectKeysWithCertificate(certificate);
            // Encrypted with it is the only way a key enters the ring: one stored in clear (planted, or from before the
            // certificate) could forge any session.
            services.AddOptions<KeyManagementOptions>().PostConfigure<ILoggerFactory>((options, loggers) =>
                options.XmlRepository = new CertificateEncryptedKeysOnly(
                    options.XmlRepository ?? throw new InvalidOperationException("The key ring has no store."), loggers.CreateLogger<CertificateEncryptedKeysOnly>()));
        }
        else if (settings.IsProduction && !PrisonSettings.IsOn(builder.Configuration, KeyRingCertificate.AllowUnencryptedKey))
        {
            // Whoever reads an unencrypted key ring from the database (a backup, a copy) can mint any session.
            throw new StartupException(
                $"{PrisonSettings.ProductionKey} is true but no certificate encrypts the key ring: set {KeyRingCertificate.PathKey} or {KeyRingCertificate.ThumbprintKey}, or {KeyRingCertificate.AllowUnencryptedKey}=true to store it unencrypted.");
        }

        // Secure cookies travel over HTTPS only. The embedded mode is tried over plain http://localhost, and
        // development runs so too: there the cookie is secure exactly when the request was.
        var secure = SecureTransport(builder, settings);
        services.AddOptions<CookieAuthenticationOptions>(IdentityConstants.ApplicationScheme).Configure<TimeProvider>((options, clock) =>
        {
            options.TimeProvider = clock;
            options.LoginPath = SignInPaths.SignIn;
            options.LogoutPath = SignInPaths.SignOut;
            options.AccessDeniedPath = SignInPaths.AccessDenied;
            options.ExpireTimeSpan = idle.Value;
            options.SlidingExpiration = true;
            options.Cookie.Name = CookieName("prison.session", secure);
            options.Cookie.Path = "/";
            options.Cookie.HttpOnly = true;
            options.Cookie.SameSite = SameSiteMode.Lax;
            options.Cookie.SecurePolicy = secure ? CookieSecurePolicy.Always : CookieSecurePolicy.SameAsRequest;
            options.Events.OnCheckSlidingExpiration = context =>
            {
                context.ShouldRenew &= !SignInPaths.IsPoll(context.Request.Path);
                return Task.CompletedTask;
            };
            options.Events.OnSigningIn = StartSessionAsync;
            options.Events.OnValidatePrincipal = async context =>
            {
                // A session ended on the server (signed out, or its user disabled, given a new password or new roles) is
                // refused at once, whoever holds a copy of its cookie; so is a cookie from before sessions were kept.
                if (SessionClaim.Of(context.Principal) is not { } session
                    || context.HttpContext.RequestServices.GetRequiredService<EndedSessions>().IsEnded(session))
                {
                    context.RejectPrincipal();
                    await context.HttpContext.SignOutAsync(IdentityConstants.ApplicationScheme);
                    return;
                }

                // However busy, a session lasts its lifetime from its sign-in; a cookie from before the start was carried
                // in it has the start read from its session's row.
                var started = SessionStartClaim.Of(context.Principal) ?? await SessionStartAsync(context.HttpContext.RequestServices, session, context.HttpContext.RequestAborted);
                if (started is null || lifetime.IsOver(started.Value, clock.GetUtcNow()))
                {
                    context.RejectPrincipal();
                    await context.HttpContext.SignOutAsync(IdentityConstants.ApplicationScheme);
                    return;
                }

                // A session signed in before the prisons were kept in it reaches nothing (PrisonScope fails closed): its
                // principal is made again now, with them, rather than at the next stamp check. No issue time makes the
                // stamp check run; the time is put back after it, since the cookie is renewed only from a ticket that
                // has one (and keeps its length).
                var issued = context.Properties.IssuedUtc;
                if (!PrisonScope.IsCarriedBy(context.Principal))
                {
                    context.Properties.IssuedUtc = null;
                }

                await SecurityStampValidator.ValidatePrincipalAsync(context);
                context.Properties.IssuedUtc ??= issued;

                // A stamp check renews the cookie with a new expiry: not on a poll, or polling would keep the session alive.
                context.ShouldRenew &= !SignInPaths.IsPoll(context.Request.Path);
            };
            options.Events.OnRedirectToLogin = context => RedirectOrStatus(context, StatusCodes.Status401Unauthorized);
            options.Events.OnRedirectToAccessDenied = async context =>
            {
                await RefusedAccessAudit.WriteAsync(context.HttpContext);
                await RedirectOrStatus(context, StatusCodes.Status403Forbidden);
            };
        });

        // Between the password and the code of a sign-in with two factors: names the user whose password was right,
        // for five minutes (Identity's default), and signs nobody in.
        services.AddOptions<CookieAuthenticationOptions>(IdentityConstants.TwoFactorUserIdScheme).Configure<TimeProvider>((options, clock) =>
        {
            options.TimeProvider = clock;
            options.Cookie.Name = CookieName("prison.second-step", secure);
            options.Cookie.Path = "/";
            options.Cookie.HttpOnly = true;
            options.Cookie.SameSite = SameSiteMode.Lax;
            options.Cookie.SecurePolicy = secure ? CookieSecurePolicy.Always : CookieSecurePolicy.SameAsRequest;
        });
        services.AddOptions<SecurityStampValidatorOptions>().Configure<TimeProvider>((options, clock) =>
        {
            options.TimeProvider = clock;
            options.ValidationInterval = StampCheckInterval;
            // The stamp check builds the principal anew from the user: the cookie keeps naming the same session.
            options.OnRefreshingPrincipal = context =>
            {
                if (context.CurrentPrincipal?.FindFirst(SessionClaim.Type) is { } session && context.NewPrincipal?.Identity is ClaimsIdentity identity)
                {
                    identity.AddClaim(new Claim(SessionClaim.Type, session.Value));
                    if (context.CurrentPrincipal.FindFirst(SessionStartClaim.Type) is { } started)
                    {
                        identity.AddClaim(new Claim(SessionStartClaim.Type, started.Value));
                    }
                }

                return Task.CompletedTask;
            };
        });
        services.AddAntiforgery(options =>
        {
            options.Cookie.Name = CookieName("prison.antiforgery", secure);
            options.Cookie.Path = "/";
            options.Cookie.HttpOnly = true;
            options.Cookie.SecurePolicy = secure ? CookieSecurePolicy.Always : CookieSecurePolicy.SameAsRequest;
        });

        services.AddAuthorizationBuilder()
            .SetFallbackPolicy(new AuthorizationPolicyBuilder().RequireAuthenticatedUser().Build())
            .AddPolicy(Policies.Staff, policy => policy.RequireRole(Roles.Staff, Roles.Admin))
            .AddPolicy(Policies.Admin, policy => policy.RequireRole(Roles.Admin))
            .AddPolicy(Policies.Operator, policy => policy.RequireRole(Roles.Operator));
    }

    /// <summary>
    /// A secure cookie is named with the <c>__Host-</c> prefix: browsers then keep it only if it is Secure, for the whole
    /// site (Path=/) and for this host alone (no Domain), so no neighbouring host or plain-http page can set or shadow it.
    /// </summary>
    private static string CookieName(string name, bool secure) => secure ? $"__Host-{name}" : name;
    /// <summary>Whether cookies are secure and the API's token endpoint asks for HTTPS: not in the embedded mode or development, tried over plain http://localhost.</summary>
    public static bool SecureTransport(WebApplicationBuilder builder, PrisonSettings settings) =>
        builder.Configuration.GetValue<bool?>(SecureCookiesKey) ?? !(settings.IsDemo || builder.Environment.IsDevelopment());

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

    /// <summary>Each sign-in is a session of its own, kept in the database and named in the cookie.</summary>
    private static async Task StartSessionAsync(CookieSigningInContext context)
    {
        if (context.Principal?.Identity is not ClaimsIdentity identity || identity.HasClaim(c => c.Type == SessionClaim.Type))
        {
            return;
        }

        var services = context.HttpContext.RequestServices;
        var userId = identity.FindFirst(ClaimTypes.NameIdentifier)?.Value
            ?? throw new InvalidOperationException("A sign-in without the user's id: Identity's principal always carries it.");
        await using var db = await services.GetRequiredService<IDbContextFactory<PrisonDb>>().CreateDbContextAsync(context.HttpContext.RequestAborted);
        var started = services.GetRequiredService<TimeProvider>().GetUtcNow().UtcDateTime;
        var session = await db.StartSessionAsync(userId, started, context.HttpContext.RequestAborted);
        identity.AddClaim(new Claim(SessionClaim.Type, session.ToString()));
        identity.AddClaim(SessionStartClaim.For(started));
    }

    /// <summary>When a session started, from its row (null when there is none): for a cookie that does not carry it.</summary>
    private static async Task<DateTimeOffset?> SessionStartAsync(IServiceProvider services, Guid session, CancellationToken cancellationToken)
    {
        await using var db = await services.GetRequiredService<IDbContextFactory<PrisonDb>>().CreateDbContextAsync(cancellationToken);
        return await db.SessionStartedAtAsync(session, cancellationToken) is { } started ? new DateTimeOffset(DateTime.SpecifyKind(started, DateTimeKind.Utc)) : null;
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
