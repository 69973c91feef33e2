using Microsoft.AspNetCore.Identity;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;

namespace Prison.Db.Identity;

/// <summary>The sign-in rules web and the command line share, and Identity's user store over <see cref="PrisonDb"/>.</summary>
public static class StaffIdentity
{
    public const int MaxFailedSignIns = 5;

    public static readonly TimeSpan LockoutTime = TimeSpan.FromMinutes(15);

    /// <summary>Users, roles and their rules, without sign-in (web adds that): what the command line needs.</summary>
    public static IdentityBuilder AddStaffUsers(this IServiceCollection services)
    {
        services.AddScoped<StaffAccounts>();
        // The command line acts for headquarters; web puts the signed-in admin's prisons in its place.
        services.TryAddSingleton(ActorReach.Headquarters);
        return services.AddIdentityCore<StaffUser>(Configure)
            .AddRoles<IdentityRole>()
            .AddEntityFrameworkStores<PrisonDb>()
            .AddUserStore<StaffUserStore>()
            .AddUserManager<StaffUserManager>()
            .AddPasswordValidator<PasswordLengthValidator>()
            .AddPasswordValidator<CommonPasswordValidator>()
            // Without a provider that can make codes for a user, Identity treats two-factor sign-in as off for everyone,
            // whatever staff_user.two_factor_enabled says: the password alone would sign in. Identity's own would
            // accept one code as often as it is typed within its steps.
            .AddTokenProvider<OneTimeAuthenticatorTokenProvider>(TokenOptions.DefaultAuthenticatorProvider);
    }

    public static void Configure(IdentityOptions options)
    {
        // Migration 005 built this schema version's tables; a newer default would map tables that do not exist.
        options.Stores.SchemaVersion = IdentitySchemaVersions.Version1;

        // Identity's defaults, one step stricter on length: a shared terminal in a prison office is a likely attack.
        options.Password.RequiredLength = 10;
        options.Password.RequireDigit = true;
        options.Password.RequireLowercase = true;
        options.Password.RequireUppercase = true;
        options.Password.RequireNonAlphanumeric = true;
        options.Password.RequiredUniqueChars = 4;

        options.Lockout.AllowedForNewUsers = true;
        options.Lockout.MaxFailedAccessAttempts = MaxFailedSignIns;
        options.Lockout.DefaultLockoutTimeSpan = LockoutTime;

        // Authenticator apps (TOTP) are the one second factor: no e-mail or telephone is kept for staff.
        options.Tokens.AuthenticatorTokenProvider = TokenOptions.DefaultAuthenticatorProvider;

        options.User.RequireUniqueEmail = false;
        // Names are checked once, when a user is added (UserNames): Identity checking them again on every update would
        // stop a user named under an earlier rule from being disabled or given a new password.
        options.User.AllowedUserNameCharacters = string.Empty;
    }
}
