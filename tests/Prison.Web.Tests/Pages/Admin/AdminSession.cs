using Microsoft.Playwright;
using Prison.Web.Tests.Browser;

namespace Prison.Web.Tests.Pages.Admin;

/// <summary>
/// The one place where tests of the admin pages get an HTTP client or a browser page. There is no sign-in yet; once
/// authentication lands, signing in as an admin goes here and every admin test follows.
/// </summary>
public static class AdminSession
{
    public static HttpClient Client(RunningWeb web) => web.CreateClient();

    public static Task<IPage> PageAsync(Chromium chromium, RunningWeb web) => chromium.NewPageAsync(web.Address);
}
