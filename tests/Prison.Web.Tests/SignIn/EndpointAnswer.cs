namespace Prison.Web.Tests.SignIn;

/// <summary>What an endpoint must answer someone, in <see cref="EndpointWalkTests"/>.</summary>
internal enum EndpointAnswer
{
    /// <summary>Anything but a refusal: the page, a redirect within the site, a 404 for a sample that is not there.</summary>
    Answered,

    /// <summary>401, for an API asked by someone not signed in.</summary>
    Unauthorized,

    /// <summary>403, for an API asked by a role it is not for.</summary>
    Forbidden,

    /// <summary>A redirect to the sign-in form, coming back afterwards.</summary>
    ToSignIn,

    /// <summary>A redirect to the 403 page.</summary>
    ToAccessDenied,

    /// <summary>404, as for something that does not exist: another prison's page, poll or prisoner.</summary>
    OutOfReach,

    /// <summary>404, or 400 for the missing token checked first: either way another prison's post changes nothing.</summary>
    OutOfReachPost,

    /// <summary>400: a post without its antiforgery token changes nothing.</summary>
    RefusedWithoutToken,
}
