using System.Net;
using Microsoft.AspNetCore.Identity;
using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db;
using Prison.Db.Identity;

namespace Prison.Web.Tests.SignIn;

/// <summary>
/// Two-factor sign-in keeps its key (encrypted) and recovery codes (hashed) in Identity's tables and the step of the
/// last code accepted on both engines: production's PostgreSQL and the embedded mode's SQLite file, each through web's own pages.
/// </summary>
public sealed class TwoFactorStorageTests : IDisposable
{
    private readonly string _folder = Path.Combine(Path.GetTempPath(), $"prison-two-factor-{Guid.NewGuid():N}");

    [Theory]
    [InlineData(Engine.PostgreSql)]
    [InlineData(Engine.Sqlite)]
    public async Task Enrolment_then_a_sign_in_with_a_code_then_one_with_a_recovery_code_that_works_once(Engine engine)
    {
        await using var database = engine == Engine.PostgreSql ? await ScratchDatabase.MigratedAsync(engine) : null;
        await using var web = await StartAsync(database);
        var name = await web.CreateUserAsync(Roles.Admin);
        using var enrolling = await web.ClientSignedInAsAsync(name);

        var (app, codes) = await TwoFactorPages.EnrolAsync(enrolling);
        using var withCode = web.CreateClient();
        using var codeAnswer = await TwoFactorPages.SignInAsync(withCode, name, SigningIn.Password, app.Code());
        using var withRecovery = web.CreateClient();
        using var recoveryAnswer = await TwoFactorPages.SignInAsync(withRecovery, name, SigningIn.Password, codes[0]);
        using var again = web.CreateClient();
        using var againAnswer = await TwoFactorPages.SignInAsync(again, name, SigningIn.Password, codes[0]);
        using var wrong = web.CreateClient();
        using var wrongAnswer = await TwoFactorPages.SignInAsync(wrong, name, SigningIn.Password, app.WrongCode());

        Assert.Equal("/", codeAnswer.Headers.Location?.OriginalString);
        Assert.Equal(HttpStatusCode.OK, (await withCode.GetAsync("/admin/users")).StatusCode);
        Assert.Equal("/", recoveryAnswer.Headers.Location?.OriginalString);
        Assert.Equal(HttpStatusCode.OK, againAnswer.StatusCode);
        Assert.Equal(HttpStatusCode.OK, wrongAnswer.StatusCode);
        Assert.Contains("That code is wrong", await wrongAnswer.Content.ReadAsStringAsync());
        Assert.Equal("9", Html.TextOf(await withCode.GetStringAsync(TwoFactorPages.Enrolment), "strong", "data-role=\"recovery-codes-left\""));
    }

    [Theory]
    [InlineData(Engine.PostgreSql)]
    [InlineData(Engine.Sqlite)]
    public async Task The_database_holds_neither_the_authenticator_key_nor_the_recovery_codes_in_clear(Engine engine)
    {
        await using var database = engine == Engine.PostgreSql ? await ScratchDatabase.MigratedAsync(engine) : null;
        await using var web = await StartAsync(database);
        var name = await web.CreateUserAsync(Roles.Staff);
        using var enrolling = await web.ClientSignedInAsAsync(name);

        var (app, codes) = await TwoFactorPages.EnrolAsync(enrolling);
        var stored = await TokensAsync(web, name);
        using var withCode = web.CreateClient();
        using var codeAnswer = await TwoFactorPages.SignInAsync(withCode, name, SigningIn.Password, app.Code());
        using var withRecovery = web.CreateClient();
        using var recoveryAnswer = await TwoFactorPages.SignInAsync(withRecovery, name, SigningIn.Password, codes[4]);

        Assert.Equal(["AuthenticatorKey", "RecoveryCodes"], stored.Keys.Order());
        Assert.DoesNotContain(app.Key, stored["AuthenticatorKey"], StringComparison.OrdinalIgnoreCase);
        Assert.All(codes, code => Assert.DoesNotContain(code, stored["RecoveryCodes"], StringComparison.OrdinalIgnoreCase));
        Assert.All(codes, code => Assert.DoesNotContain(code.Replace("-", string.Empty, StringComparison.Ordinal), stored["RecoveryCodes"], StringComparison.OrdinalIgnoreCase));
        Assert.Equal(codes.Count, stored["RecoveryCodes"].Split(';').Length);
        Assert.Equal("/", codeAnswer.Headers.Location?.OriginalString);
        Assert.Equal("/", recoveryAnswer.Headers.Location?.OriginalString);
    }

    [Theory]
    [InlineData(Engine.PostgreSql)]
    [InlineData(Engine.Sqlite)]
    public async Task A_key_and_recovery_codes_stored_in_clear_before_still_sign_in_and_a_code_once(Engine engine)
    {
        await using var database = engine == Engine.PostgreSql ? await ScratchDatabase.MigratedAsync(engine) : null;
        await using var web = await StartAsync(database);
        var name = await web.CreateUserAsync(Roles.Staff);
        const string clearKey = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
        await using (var scope = web.Services.CreateAsyncScope())
        {
            // As Identity's own store left them: the key and the codes as they are.
            var db = scope.ServiceProvider.GetRequiredService<PrisonDb>();
            var id = await db.Users.Where(u => u.UserName == name).Select(u => u.Id).SingleAsync();
            db.UserTokens.AddRange(
                new IdentityUserToken<string> { UserId = id, LoginProvider = "[AspNetUserStore]", Name = "AuthenticatorKey", Value = clearKey },
                new IdentityUserToken<string> { UserId = id, LoginProvider = "[AspNetUserStore]", Name = "RecoveryCodes", Value = "BCDFG-HJKMN;PQRTV-WXY23" });
            await db.SaveChangesAsync();
            await db.Users.Where(u => u.Id == id).ExecuteUpdateAsync(s => s.SetProperty(u => u.TwoFactorEnabled, true));
        }

        var app = new Authenticator(clearKey);
        using var withCode = web.CreateClient();
        using var codeAnswer = await TwoFactorPages.SignInAsync(withCode, name, SigningIn.Password, app.Code());
        using var withRecovery = web.CreateClient();
        using var recoveryAnswer = await TwoFactorPages.SignInAsync(withRecovery, name, SigningIn.Password, "pqrtv-wxy23");
        using var again = web.CreateClient();
        using var againAnswer = await TwoFactorPages.SignInAsync(again, name, SigningIn.Password, "PQRTV-WXY23");

        Assert.Equal("/", codeAnswer.Headers.Location?.OriginalString);
        Assert.Equal("/", recoveryAnswer.Headers.Location?.OriginalString);
        Assert.Equal(HttpStatusCode.OK, againAnswer.StatusCode);
        Assert.Equal("BCDFG-HJKMN", (await TokensAsync(web, name))["RecoveryCodes"]);
    }

    [Theory]
    [InlineData(Engine.PostgreSql)]
    [InlineData(Engine.Sqlite)]
    public async Task One_authenticator_code_signs_in_once_typed_again_or_in_two_browsers_at_once(Engine engine)
    {
        await using var database = engine == Engine.PostgreSql ? await ScratchDatabase.MigratedAsync(engine) : null;
        await using var web = await StartAsync(database);
        var name = await web.CreateUserAsync(Roles.Staff);
        Authenticator app;
        using (var enrolling = await web.ClientSignedInAsAsync(name))
        {
            app = (await TwoFactorPages.EnrolAsync(enrolling)).App;
        }

        var together = app.Code();
        var browsers = Enumerable.Range(0, 4).Select(_ => web.CreateClient()).ToList();
        foreach (var browser in browsers)
        {
            (await browser.SignInAsync(name, SigningIn.Password)).Dispose();
        }

        var answers = await Task.WhenAll(browsers.Select(browser => TwoFactorPages.PostCodeAsync(browser, together)));
        var atOnce = answers.Select(a => a.Headers.Location?.OriginalString ?? $"{(int)a.StatusCode}").Order().ToList();
        foreach (var disposable in answers.Cast<IDisposable>().Concat(browsers))
        {
            disposable.Dispose();
        }

        var code = app.Code();
        using var first = web.CreateClient();
        using var firstAnswer = await TwoFactorPages.SignInAsync(first, name, SigningIn.Password, code);
        using var second = web.CreateClient();
        using var secondAnswer = await TwoFactorPages.SignInAsync(second, name, SigningIn.Password, code);

        Assert.Equal(["/", "200", "200", "200"], atOnce);
        Assert.Equal("/", firstAnswer.Headers.Location?.OriginalString);
        Assert.Equal("200", secondAnswer.Headers.Location?.OriginalString ?? $"{(int)secondAnswer.StatusCode}");
        Assert.Contains("That code is wrong, or too old", await secondAnswer.Content.ReadAsStringAsync());
    }

    /// <summary>The user's rows of staff_user_token as stored, by name.</summary>
    private static async Task<Dictionary<string, string>> TokensAsync(RunningWeb web, string name)
    {
        await using var scope = web.Services.CreateAsyncScope();
        var db = scope.ServiceProvider.GetRequiredService<PrisonDb>();
        return await (
            from token in db.UserTokens.AsNoTracking()
            join user in db.Users on token.UserId equals user.Id
            where user.UserName == name
            select new { token.Name, token.Value }).ToDictionaryAsync(t => t.Name, t => t.Value ?? string.Empty);
    }

    private async Task<RunningWeb> StartAsync(ScratchDatabase? database)
    {
        if (database is not null)
        {
            return await RunningWeb.StartAsync(database, ServerArguments.NewQueuePrefix());
        }

        await EmbeddedDataFolder.HoldingAPrisonAsync(_folder);
        return await RunningWeb.StartAsync(["--urls=http://127.0.0.1:0", $"--Prison:DataFolder={_folder}", "--Demo:Password=Demo-Passw0rd-2fa"]);
    }

    public void Dispose()
    {
        if (Directory.Exists(_folder))
        {
            Directory.Delete(_folder, recursive: true);
        }
    }
}
