using System.Net;

namespace Prison.Web.Tests.SignIn;

/// <summary>
/// Who may open the paths that start with <paramref name="Prefix"/> (null: anybody, signed in or not), in
/// <see cref="EndpointWalkTests"/>.
/// </summary>
/// <param name="Shows">The status the page answers with by what it is (the error page's 500), for those it is open to.</param>
/// <param name="RefusesWith403">Refuses a signed-in user of another role with 403 rather than a redirect to the 403 page.</param>
/// <param name="ChangesNothing">Answers a post as it answers a get: nothing there to forge.</param>
/// <param name="SendsTo">Where the page sends everyone it is open to, when the walk cannot show it (the second step of
/// signing in, asked without the first).</param>
/// <param name="TokenOnly">Opened by an API client's token alone: every session is refused with 401, as no session at all
/// (walked with tokens by <c>ApiWalkTests</c>).</param>
internal sealed record AccessRule(string Prefix, string[]? Roles, HttpStatusCode? Shows = null, bool RefusesWith403 = false, bool ChangesNothing = false, string? SendsTo = null, bool TokenOnly = false);
