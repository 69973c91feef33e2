using Microsoft.Playwright;
using Prison.Db.Identity;
using Prison.Web.Tests.Browser;

namespace Prison.Web.Tests.Pages.Admin;

/// <summary>The one place where tests of the admin pages get an HTTP client or a browser page, signed in as a new admin.</summary>
public static class AdminSession
{
    public static Task<HttpClient> ClientAsync(RunningWeb web) => web.SignedInClientAsync(Roles.Admin);

    public static Task<IPage> PageAsync(Chromium chromium, RunningWeb web) => chromium.SignedInPageAsync(web, Roles.Admin);
}
