namespace Prison.Web.SignIn;

/// <summary>
/// Sends a signed-in user whose password someone else set (<see cref="PasswordChangeClaim"/>) to the password page,
/// whatever they asked for, until they have changed it: pages redirect there, the endpoints scripts call answer 403.
/// Whatever is open before a two-factor enrolment stays open, the enrolment included, so the two gates never send a
/// user back and forth.
/// </summary>
public static class PasswordChangeGate
{
    public static IApplicationBuilder UsePasswordChange(this IApplicationBuilder app) =>
        app.Use(async (context, next) =>
        {
            if (PasswordChangeClaim.IsOn(context.User) && !SignInPaths.IsOpenBeforePasswordChange(context.Request.Path))
            {
                if (SignInPaths.IsApi(context.Request.Path))
                {
                    context.Response.StatusCode = StatusCodes.Status403Forbidden;
                }
                else
                {
                    context.Response.Redirect(SignInPaths.Password);
                }

                return;
            }

            await next();
        });
}
