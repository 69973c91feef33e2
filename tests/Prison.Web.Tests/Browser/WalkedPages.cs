using Prison.Db.Identity;
using Prison.Web.Pages.Prisoners.Recording;
using static Prison.Web.Tests.ProductionFixture;

namespace Prison.Web.Tests.Browser;

/// <summary>
/// Every page of web, by the Razor page that serves it, with the role it is for and addresses that show it over
/// <see cref="ProductionFixture"/>'s data: the one list the browser walks (accessibility, screen widths) go through.
/// AccessibilityTests checks that it names every page web serves.
/// </summary>
public static class WalkedPages
{
    /// <summary>Each Razor page (its path under Pages/), the role that opens it (null: anybody) and the addresses that show it.</summary>
    public static readonly IReadOnlyDictionary<string, (string? Role, string[] Paths)> All = new Dictionary<string, (string?, string[])>
    {
        ["/Overview/Index"] = (Roles.Staff, ["/", "/?from=2026-11-01&to=2026-11-10", "/?from=yesterday"]),
        ["/Account/SignIn"] = (null, ["/sign-in"]),

        // Opened without a password step it leads back to the sign-in form; TwoFactorInBrowserTests walks it between the steps.
        ["/Account/TwoFactorSignIn"] = (null, ["/sign-in/two-factor"]),
        ["/Account/SignOut"] = (Roles.Staff, ["/sign-out"]),
        ["/Account/AccessDenied"] = (Roles.Staff, ["/access-denied"]),
        ["/Error"] = (null, ["/error"]),
        ["/NotFound"] = (Roles.Staff, ["/not-found", "/prisoners/Z999"]),
        ["/Prisons/Dashboard/Dashboard"] = (Roles.Staff, [$"/prisons/{FirstPrison}"]),
        ["/Prisons/Dashboard/Prisoners"] = (Roles.Staff, [$"/prisons/{FirstPrison}/prisoners", $"/prisons/{FirstPrison}/prisoners?status=Dangerous"]),
        ["/Prisons/SinceLastShift/SinceLastShift"] = (Roles.Staff, [$"/prisons/{FirstPrison}/since-last-shift", $"/prisons/{FirstPrison}/since-last-shift?from=yesterday"]),
        ["/Prisons/ComingUp/ComingUp"] = (Roles.Staff, [$"/prisons/{FirstPrison}/coming-up", $"/prisons/{FirstPrison}/coming-up?days=1", $"/prisons/{FirstPrison}/coming-up?days=99"]),
        ["/Prisoners/Search"] = (Roles.Staff, ["/search", "/search?q=a10", "/search?q=zzzz"]),
        ["/Profile/Password"] = (Roles.Staff, ["/password"]),
        ["/Profile/TwoFactor"] = (Roles.Staff, ["/two-factor"]),
        ["/Prisoners/Details"] = (Roles.Staff, [$"/prisoners/{ArmedNumber}", $"/prisoners/{UnevaluatedNumber}"]),
        ["/Prisoners/Recording/Entry"] = (Roles.Staff, [.. RecordForms.All.Select(form => $"/prisoners/{ArmedNumber}/record/{form.Kind}")]),
        ["/Admin/Users/Index"] = (Roles.Admin, ["/admin/users"]),
        ["/Admin/ApiClients/Index"] = (Roles.Admin, ["/admin/api-clients"]),
        ["/Admin/Rules/Index"] = (Roles.Admin, ["/admin/rules"]),
        ["/Admin/Rules/Change"] = (Roles.Admin, ["/admin/rules/WeaponFoundInLast12Months"]),
        ["/Admin/Audit/Index"] = (Roles.Admin, ["/admin/audit", "/admin/audit?from=yesterday"]),
        ["/Operations/Index"] = (Roles.Operator, ["/", "/operations"]),
    };
}
