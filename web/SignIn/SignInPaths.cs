namespace Prison.Web.SignIn;

/// <summary>The paths the sign-in machinery treats specially.</summary>
public static class SignInPaths
{
    public const string SignIn = "/sign-in";
    public const string SignOut = "/sign-out";
    public const string AccessDenied = "/access-denied";

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
