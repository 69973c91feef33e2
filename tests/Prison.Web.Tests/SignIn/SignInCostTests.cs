using System.Net;
using Microsoft.AspNetCore.Identity;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db.Identity;

namespace Prison.Web.Tests.SignIn;

/// <summary>
/// A sign-in costs one password check whatever the name: an account, a name no account has, a disabled or locked account; so the
/// time of the answer, like its words, does not tell which names exist. Counted, not timed: a check is the whole cost
/// (a hash of many iterations), and a count does not depend on the machine's speed.
/// </summary>
public sealed class SignInCostTests(SignInFixture system) : IClassFixture<SignInFixture>
{
    private const string WrongNameOrPassword = "The name or the password is wrong, or the account is disabled.";

    [Fact]
    public async Task A_wrong_password_costs_one_password_check_for_an_account_a_name_without_one_and_a_disabled_account()
    {
        var hasher = new CountingPasswordHasher();
        await using var web = await RunningWeb.StartAsync(
            ServerArguments.For(system.Database, ServerArguments.NewQueuePrefix(), [RunningWeb.InsecureCookies]),
            services: services => services.AddSingleton<IPasswordHasher<StaffUser>>(hasher));
        var account = await web.CreateUserAsync(Roles.Staff);
        var disabled = await web.CreateUserAsync(Roles.Staff);
        await using (var scope = web.Services.CreateAsyncScope())
        {
            await scope.ServiceProvider.GetRequiredService<StaffAccounts>().DisableAsync(disabled);
        }

        var answers = new List<(string Who, int Checks, string Words)>();
        foreach (var (who, name, password) in new[]
        {
            ("account", account, "Wrong-Passw0rd!"),
            ("no account", $"nobody-{Guid.NewGuid():N}"[..20], "Wrong-Passw0rd!"),
            ("disabled, wrong password", disabled, "Wrong-Passw0rd!"),
            ("disabled, right password", disabled, SigningIn.Password),
        })
        {
            using var client = web.CreateClient();
            var form = await client.GetStringAsync("/sign-in");
            var before = hasher.Checks;
            using var answer = await client.PostAsync("/sign-in", new FormUrlEncodedContent(new Dictionary<string, string>
            {
                ["Input.UserName"] = name,
                ["Input.Password"] = password,
                [NoticePosting.TokenField] = SigningIn.TokenIn(form),
            }));
            Assert.Equal(HttpStatusCode.OK, answer.StatusCode);
            var html = WebUtility.HtmlDecode(await answer.Content.ReadAsStringAsync());
            answers.Add((who, hasher.Checks - before, html.Contains(WrongNameOrPassword, StringComparison.Ordinal) ? WrongNameOrPassword : html));
        }

        Assert.Equal([("account", 1), ("no account", 1), ("disabled, wrong password", 1), ("disabled, right password", 1)], answers.Select(a => (a.Who, a.Checks)));
        Assert.All(answers, a => Assert.Equal(WrongNameOrPassword, a.Words));
    }

    [Fact]
    public async Task A_locked_account_costs_one_password_check_as_a_locked_name_without_one_does()
    {
        var hasher = new CountingPasswordHasher();
        await using var web = await RunningWeb.StartAsync(
            ServerArguments.For(system.Database, ServerArguments.NewQueuePrefix(), [RunningWeb.InsecureCookies]),
            services: services => services.AddSingleton<IPasswordHasher<StaffUser>>(hasher));
        var account = await web.CreateUserAsync(Roles.Staff);
        var nobody = $"nobody-{Guid.NewGuid():N}"[..20];
        using var locking = web.CreateClient();
        foreach (var name in new[] { account, nobody })
        {
            for (var attempt = 0; attempt < StaffIdentity.MaxFailedSignIns; attempt++)
            {
                (await locking.SignInAsync(name, "Wrong-Passw0rd!")).Dispose();
            }
        }

        var answers = new List<(string Who, int Checks, bool Locked)>();
        foreach (var (who, name, password) in new[]
        {
            ("locked account, wrong password", account, "Wrong-Passw0rd!"),
            ("locked account, right password", account, SigningIn.Password),
            ("locked name without an account", nobody, "Wrong-Passw0rd!"),
        })
        {
            using var client = web.CreateClient();
            var form = await client.GetStringAsync("/sign-in");
            var before = hasher.Checks;
            using var answer = await client.PostAsync("/sign-in", new FormUrlEncodedContent(new Dictionary<string, string>
            {
                ["Input.UserName"] = name,
                ["Input.Password"] = password,
                [NoticePosting.TokenField] = SigningIn.TokenIn(form),
            }));
            var html = await answer.Content.ReadAsStringAsync();
            answers.Add((who, hasher.Checks - before, html.Contains("This account is locked after 5 wrong passwords", StringComparison.Ordinal)));
        }

        Assert.Equal(
            [("locked account, wrong password", 1, true), ("locked account, right password", 1, true), ("locked name without an account", 1, true)],
            answers);
    }
}
