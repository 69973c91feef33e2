namespace Prison.Web.SignIn;

/// <summary>The paths the sign-in machinery treats specially.</summary>
public static class SignInPaths
{
    public const string SignIn = "/sign-in";
    public const string SignOut = "/sign-out";
    public const string AccessDenied = "/access-denied";

    /// <summary>The second step of a sign-in with two factors: the authenticator code or a recovery code.</summary>
    public const string TwoFactorSignIn = "/sign-in/two-factor";

    /// <summary>Where the signed-in user turns two-factor sign-in on, or resets it.</summary>
    public const string TwoFactorEnrolment = "/two-factor";

    /// <summary>Where the signed-in user changes their own password.</summary>
    public const string Password = "/password";

    /// <summary>What a user who must change a password someone else set may still open: that page, and all that is open before an enrolment.</summary>
    public static bool IsOpenBeforePasswordChange(PathString path) =>
        path.StartsWithSegments(Password, StringComparison.OrdinalIgnoreCase) || IsOpenBeforeEnrolment(path);

    /// <summary>What a user who must enrol an authenticator first may still open: the enrolment, signing in and out, errors, health.</summary>
    public static bool IsOpenBeforeEnrolment(PathString path) =>
        path.StartsWithSegments(TwoFactorEnrolment, StringComparison.OrdinalIgnoreCase)
        || path.StartsWithSegments(SignIn, StringComparison.OrdinalIgnoreCase)
        || path.StartsWithSegments(SignOut, StringComparison.OrdinalIgnoreCase)
        || path.StartsWithSegments(AccessDenied, StringComparison.OrdinalIgnoreCase)
        || path.StartsWithSegments("/error", StringComparison.OrdinalIgnoreCase)
        || path.StartsWithSegments("/not-found", StringComparison.OrdinalIgnoreCase)
        || path.StartsWithSegments("/health", StringComparison.OrdinalIgnoreCase);

    /// <summary>Endpoints called by scripts: they answer 401/403 rather than redirect to a page the script cannot show.</summary>
    public static bool IsApi(PathString path) => path.StartsWithSegments("/api", StringComparison.OrdinalIgnoreCase);

    /// <summary>
    /// What a page polls on its own (an open dashboard, a prisoner's verdict, the run progress): not the person's
    /// activity, so it never extends an idle session. A dashboard left open on a screen signs itself out after the idle time.
    /// </summary>
    public static bool IsPoll(PathString path) =>
        path.StartsWithSegments("/api/prisons", StringComparison.OrdinalIgnoreCase)
        || path.StartsWithSegments("/api/prisoners", StringComparison.OrdinalIgnoreCase)
        || path.StartsWithSegments("/api/runs", StringComparison.OrdinalIgnoreCase);
}
