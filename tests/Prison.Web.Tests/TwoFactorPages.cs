using System.Net;
using System.Text.RegularExpressions;

namespace Prison.Web.Tests;

/// <summary>The two-factor pages as a user goes through them over HTTP: enrolling on /two-factor, and the second step of signing in.</summary>
public static class TwoFactorPages
{
    public const string Enrolment = "/two-factor";

    public const string SecondStep = "/sign-in/two-factor";

    /// <summary>
    /// Reads the key off the enrolment page, confirms it with a code made from it and the password, and returns the app
    /// (making codes at <paramref name="clock"/>'s time: web's) and the recovery codes shown.
    /// </summary>
    public static async Task<(Authenticator App, IReadOnlyList<string> RecoveryCodes)> EnrolAsync(HttpClient client, TimeProvider? clock = null)
    {
        var page = await client.GetStringAsync(Enrolment);
        var app = new Authenticator(KeyOn(page) ?? throw new InvalidOperationException($"The enrolment page shows no key:\n{page}"), clock);
        using var answer = await PostEnrolmentAsync(client, page, app.Code());
        var html = await answer.Content.ReadAsStringAsync();
        var codes = RecoveryCodesOn(html);
        return answer.StatusCode == HttpStatusCode.OK && codes.Count > 0
            ? (app, codes)
            : throw new InvalidOperationException($"The enrolment answered {(int)answer.StatusCode} without recovery codes:\n{html}");
    }

    /// <summary>Posts the enrolment form of <paramref name="page"/> (the page's HTML, for its token) with <paramref name="code"/> and <paramref name="password"/>.</summary>
    public static Task<HttpResponseMessage> PostEnrolmentAsync(HttpClient client, string page, string code, string password = SigningIn.Password) =>
        client.PostAsync($"{Enrolment}?handler=Enrol", new FormUrlEncodedContent(new Dictionary<string, string>
        {
            ["Enrolment.Code"] = code,
            ["Enrolment.Password"] = password,
            [NoticePosting.TokenField] = SigningIn.TokenIn(page),
        }));

    public static async Task<HttpResponseMessage> PostResetAsync(HttpClient client, string password)
    {
        var page = await client.GetStringAsync(Enrolment);
        return await client.PostAsync($"{Enrolment}?handler=Reset", new FormUrlEncodedContent(new Dictionary<string, string>
        {
            ["Reset.Password"] = password,
            [NoticePosting.TokenField] = SigningIn.TokenIn(page),
        }));
    }

    /// <summary>The key as the page writes it ("abcd efgh ..."), or null when the page shows none (two-factor sign-in on).</summary>
    public static string? KeyOn(string html) => Html.TextOf(html, "code", "data-role=\"authenticator-key\"");

    public static IReadOnlyList<string> RecoveryCodesOn(string html) =>
        Regex.Match(html, "data-role=\"recovery-codes\">(.*?)</ul>", RegexOptions.Singleline) is { Success: true } list
            ? [.. Regex.Matches(list.Groups[1].Value, "<code>([^<]+)</code>").Select(m => WebUtility.HtmlDecode(m.Groups[1].Value))]
            : [];

    /// <summary>
    /// The password step, then the code on the second step, as a browser does. Returns the second step's answer (a
    /// redirect when signed in). Fails when the password step does not lead to the second step.
    /// </summary>
    public static async Task<HttpResponseMessage> SignInAsync(HttpClient client, string name, string password, string code)
    {
        using (var first = await client.SignInAsync(name, password))
        {
            if (first.Headers.Location?.OriginalString.StartsWith(SecondStep, StringComparison.Ordinal) != true)
            {
                throw new InvalidOperationException($"The password step answered {(int)first.StatusCode} {first.Headers.Location}, not the second step.");
            }
        }

        return await PostCodeAsync(client, code);
    }

    /// <summary>Posts <paramref name="code"/> on the second step's form, as opened now.</summary>
    public static async Task<HttpResponseMessage> PostCodeAsync(HttpClient client, string code, string? returnUrl = null)
    {
        var form = await client.GetStringAsync(returnUrl is null ? SecondStep : $"{SecondStep}?ReturnUrl={Uri.EscapeDataString(returnUrl)}");
        var fields = new Dictionary<string, string> { ["Input.Code"] = code, [NoticePosting.TokenField] = SigningIn.TokenIn(form) };
        if (returnUrl is not null)
        {
            fields["ReturnUrl"] = returnUrl;
        }

        return await client.PostAsync(SecondStep, new FormUrlEncodedContent(fields));
    }
}
