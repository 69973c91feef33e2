using System.Net;
using System.Text.RegularExpressions;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db.Identity;

namespace Prison.Testing;

/// <summary>Users made for a test, and HTTP clients signed in as them through the real sign-in form.</summary>
public static class SigningIn
{
    /// <summary>Passes the password rules; every user a test makes has it unless the test says otherwise.</summary>
    public const string Password = "Test-Passw0rd!";

    /// <summary>A new user of every prison with <paramref name="roles"/> and <see cref="Password"/>, made through web's own user code. Returns the name.</summary>
    public static async Task<string> CreateUserAsync(this RunningWeb web, params string[] roles)
    {
        var name = NewName(roles);
        await web.Services.CreateUserAsync(name, roles);
        return name;
    }

    /// <summary>A new user with <paramref name="roles"/> working in the prisons of <paramref name="prisonCodes"/> only. Returns the name.</summary>
    public static async Task<string> CreateUserOfPrisonsAsync(this RunningWeb web, IReadOnlyList<string> prisonCodes, params string[] roles)
    {
        var name = NewName(roles);
        await web.Services.CreateUserAsync(name, roles, prisons: PrisonAccess.Only(prisonCodes));
        return name;
    }

    private static string NewName(string[] roles) => $"{string.Join("-", roles).ToLowerInvariant()}-{Guid.NewGuid().ToString("N")[..8]}";

    /// <summary>
    /// With no <paramref name="prisons"/>, every prison: most tests are about something else than who reaches which
    /// prison, or than the change of a password someone else set (the user need not change it).
    /// </summary>
    public static async Task CreateUserAsync(this IServiceProvider services, string name, IReadOnlyCollection<string> roles, string password = Password, PrisonAccess? prisons = null)
    {
        await using var scope = services.CreateAsyncScope();
        await scope.ServiceProvider.GetRequiredService<StaffAccounts>().AddAsync(name, roles, password, prisons ?? PrisonAccess.All, mustChangePassword: false);
    }

    /// <summary>A client (cookies kept, redirects shown) signed in as a new user with <paramref name="roles"/>: e.g. <c>await web.SignedInClientAsync(Roles.Staff)</c>.</summary>
    public static Task<HttpClient> SignedInClientAsync(this RunningWeb web, params string[] roles) =>
        SignedInClientAsync(web.Services, web.CreateClient, roles);

    /// <summary>For a host that is not a <see cref="RunningWeb"/> (the benchmarks): its services, and how to make a client of it.</summary>
    public static async Task<HttpClient> SignedInClientAsync(IServiceProvider services, Func<HttpClient> newClient, params string[] roles)
    {
        var name = NewName(roles);
        await services.CreateUserAsync(name, roles);
        var client = newClient();
        using var answer = await client.SignInAsync(name, Password);
        if (answer.StatusCode != HttpStatusCode.Redirect)
        {
            client.Dispose();
            throw new InvalidOperationException($"Signing in as {name} answered {(int)answer.StatusCode}, not a redirect: {await answer.Content.ReadAsStringAsync()}");
        }

        return client;
    }

    /// <summary>A new client signed in as an existing user (made with <see cref="SigningIn.Password"/> unless <paramref name="password"/> says otherwise).</summary>
    public static async Task<HttpClient> ClientSignedInAsAsync(this RunningWeb web, string name, string password = Password)
    {
        var client = web.CreateClient();
        using var answer = await client.SignInAsync(name, password);
        if (answer.StatusCode != HttpStatusCode.Redirect)
        {
            client.Dispose();
            throw new InvalidOperationException($"Signing in as {name} answered {(int)answer.StatusCode}, not a redirect: {await answer.Content.ReadAsStringAsync()}");
        }

        return client;
    }

    /// <summary>Posts the sign-in form as a browser does: the form first, for its antiforgery token and cookie. A success is a redirect.</summary>
    public static async Task<HttpResponseMessage> SignInAsync(this HttpClient client, string name, string password)
    {
        var form = await client.GetStringAsync("/sign-in");
        return await client.PostAsync("/sign-in", new FormUrlEncodedContent(new Dictionary<string, string>
        {
            ["Input.UserName"] = name,
            ["Input.Password"] = password,
            [NoticePosting.TokenField] = TokenIn(form),
        }));
    }

    /// <summary>
    /// Changes the signed-in user's password on the password page, as someone given a password by an admin or
    /// <c>users add</c> does first. A success is a redirect, and this client goes on signed in.
    /// </summary>
    public static async Task<HttpResponseMessage> ChangePasswordAsync(this HttpClient client, string current, string next)
    {
        var form = await client.GetStringAsync("/password");
        return await client.PostAsync("/password", new FormUrlEncodedContent(new Dictionary<string, string>
        {
            ["Input.CurrentPassword"] = current,
            ["Input.NewPassword"] = next,
            ["Input.ConfirmPassword"] = next,
            [NoticePosting.TokenField] = TokenIn(form),
        }));
    }

    /// <summary>The antiforgery token of the first form in <paramref name="html"/>.</summary>
    public static string TokenIn(string html) =>
        Regex.Match(html, $"<input\\b[^>]*\\bname=\"{NoticePosting.TokenField}\"[^>]*\\bvalue=\"([^\"]*)\"") is { Success: true } match
            ? WebUtility.HtmlDecode(match.Groups[1].Value)
            : throw new InvalidOperationException($"The page has no {NoticePosting.TokenField} field.");
}
