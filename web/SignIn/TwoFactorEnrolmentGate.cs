namespace Prison.Web.SignIn;

/// <summary>
/// Sends a user who must sign in with two factors and has not enrolled (<see cref="TwoFactorRequirement"/>) to the
/// enrolment page, whatever they asked for: pages redirect there, the endpoints scripts call answer 403. Signing out,
/// the sign-in pages, the error pages and the health endpoints stay open.
/// </summary>
public static class TwoFactorEnrolmentGate
{
    public static IApplicationBuilder UseTwoFactorEnrolment(this IApplicationBuilder app) =>
        app.Use(async (context, next) =>
        {
            if (context.RequestServices.GetRequiredService<TwoFactorRequirement>().MustEnrol(context.User) && !SignInPaths.IsOpenBeforeEnrolment(context.Request.Path))
            {
                if (SignInPaths.IsApi(context.Request.Path))
                {
                    context.Response.StatusCode = StatusCodes.Status403Forbidden;
                }
                else
                {
                    context.Response.Redirect(SignInPaths.TwoFactorEnrolment);
                }

                return;
            }

            await next();
        });
}
