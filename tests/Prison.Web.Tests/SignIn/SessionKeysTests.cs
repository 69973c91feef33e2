using System.Net;
using Microsoft.AspNetCore.Authentication;
using Microsoft.AspNetCore.Authentication.Cookies;
using Microsoft.AspNetCore.DataProtection;
using Microsoft.AspNetCore.Identity;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;
using Prison.Db.Identity;
using Prison.Web.App;
using Prison.Web.SignIn;
using Prison.ServiceDefaults;

namespace Prison.Web.Tests.SignIn;

/// <summary>The keys that sign the cookies are kept in the database, so a session is good on another web instance.</summary>
public sealed class SessionKeysTests(SignInFixture system) : IClassFixture<SignInFixture>
{
    private const string CertificatePassword = "key-ring-Passw0rd";

    [Fact]
    public async Task A_session_started_on_one_web_instance_is_accepted_by_another_on_the_same_database()
    {
        var name = await system.Web.CreateUserAsync(Roles.Staff);
        var signedIn = new CookieContainer();
        using (var first = system.Web.CreateClient(signedIn))
        using (var signIn = await first.SignInAsync(name, SigningIn.Password))
        {
            Assert.Equal(HttpStatusCode.Redirect, signIn.StatusCode);
        }

        Assert.True(await system.Database.ScalarAsync<long>("SELECT count(*) FROM data_protection_key") >= 1);

        await using var other = await RunningWeb.StartAsync(system.Database, ServerArguments.NewQueuePrefix(), system.Clock);
        using var answer = await OpenStartPageAsync(other, signedIn, system.Web.Address);

        Assert.Equal(HttpStatusCode.OK, answer.StatusCode);
        Assert.Contains(name, await answer.Content.ReadAsStringAsync());
    }

    [Fact]
    public async Task With_a_certificate_the_stored_keys_are_encrypted_and_only_an_instance_holding_it_accepts_the_session()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        var folder = Directory.CreateTempSubdirectory("prison-key-ring-");
        var (withCertificate, signedIn, name, firstAddress, _) = await SignInWithCertificateAsync(database, folder);

        var stored = (await database.RowsAsync("SELECT xml FROM data_protection_key")).Select(row => row[0]).ToList();
        await using var second = await RunningWeb.StartAsync(database, ServerArguments.NewQueuePrefix(), null, withCertificate);
        using var withIt = await OpenStartPageAsync(second, signedIn, firstAddress);
        await using var third = await RunningWeb.StartAsync(database, ServerArguments.NewQueuePrefix());
        using var withoutIt = await OpenStartPageAsync(third, signedIn, firstAddress);
        folder.Delete(recursive: true);

        Assert.NotEmpty(stored);
        Assert.All(stored, xml =>
        {
            Assert.Contains("<EncryptedData", xml, StringComparison.Ordinal);
            Assert.DoesNotContain("<masterKey", xml, StringComparison.Ordinal);
        });
        Assert.Equal(HttpStatusCode.OK, withIt.StatusCode);
        Assert.Contains(name, await withIt.Content.ReadAsStringAsync());
        Assert.Equal(HttpStatusCode.Redirect, withoutIt.StatusCode);
        Assert.StartsWith("/sign-in", withoutIt.Headers.Location?.PathAndQuery ?? withoutIt.Headers.Location?.OriginalString, StringComparison.Ordinal);
    }

    /// <summary>
    /// Whoever may write the key ring's table (a restored backup, a role that may insert, an injection) plants a key
    /// of their own in clear and forges a session cookie with it: with a certificate configured, web ignores the key,
    /// refuses the cookie, and goes on with its own keys.
    /// </summary>
    [Fact]
    public async Task With_a_certificate_a_key_planted_in_clear_forges_no_session_and_web_goes_on_with_its_own_keys()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        var folder = Directory.CreateTempSubdirectory("prison-key-ring-");
        var (withCertificate, signedIn, name, firstAddress, ticket) = await SignInWithCertificateAsync(database, folder);

        // The attacker's key ring, in clear, under the product's application name; its key goes into the table.
        var attackerKeys = Directory.CreateDirectory(Path.Combine(folder.FullName, "attacker"));
        var attacker = DataProtectionProvider.Create(attackerKeys, keyRing => keyRing.SetApplicationName("prison-dashboard"));
        var forged = new TicketDataFormat(attacker.CreateProtector("Microsoft.AspNetCore.Authentication.Cookies.CookieAuthenticationMiddleware", IdentityConstants.ApplicationScheme, "v2")).Protect(ticket);
        var planted = Assert.Single(attackerKeys.GetFiles("key-*.xml"));
        await database.ExecuteAsync($"INSERT INTO data_protection_key (name, xml) VALUES ('planted', '{(await File.ReadAllTextAsync(planted.FullName)).Replace("'", "''", StringComparison.Ordinal)}')");

        await using var second = await RunningWeb.StartAsync(database, ServerArguments.NewQueuePrefix(), null, withCertificate);
        var forgedCookies = new CookieContainer();
        forgedCookies.Add(second.Address, new Cookie("prison.session", forged));
        using var withForged = await second.CreateClient(forgedCookies).GetAsync("/");
        using var withReal = await OpenStartPageAsync(second, signedIn, firstAddress);
        using var newSignIn = await second.CreateClient().SignInAsync(name, SigningIn.Password);
        var protectsWithPlanted = attacker.CreateProtector("check").Protect("x");
        folder.Delete(recursive: true);

        Assert.Equal(HttpStatusCode.Redirect, withForged.StatusCode);
        Assert.StartsWith("/sign-in", withForged.Headers.Location?.PathAndQuery, StringComparison.Ordinal);
        Assert.Equal(HttpStatusCode.OK, withReal.StatusCode);
        Assert.Contains(name, await withReal.Content.ReadAsStringAsync());
        Assert.Equal(HttpStatusCode.Redirect, newSignIn.StatusCode);
        // What web signs from now on is signed with its own keys: the planted one cannot read it back.
        var newCookie = newSignIn.Headers.GetValues("Set-Cookie").Single(c => c.StartsWith("prison.session=", StringComparison.Ordinal));
        Assert.Null(new TicketDataFormat(attacker.CreateProtector("Microsoft.AspNetCore.Authentication.Cookies.CookieAuthenticationMiddleware", IdentityConstants.ApplicationScheme, "v2"))
            .Unprotect(newCookie["prison.session=".Length..newCookie.IndexOf(';', StringComparison.Ordinal)]));
        Assert.NotEmpty(protectsWithPlanted);
    }

    /// <summary>
    /// A web whose key ring a new certificate in <paramref name="folder"/> encrypts, a user signed in on it, then the web
    /// stopped: its arguments, the browser's cookies, the user, its address and the session's ticket.
    /// </summary>
    private static async Task<(string[] Arguments, CookieContainer Cookies, string Name, Uri Address, AuthenticationTicket Ticket)> SignInWithCertificateAsync(
        ScratchDatabase database, DirectoryInfo folder)
    {
        string[] withCertificate =
        [
            $"--{KeyRingCertificate.PathKey}={KeyRingCertificates.WriteWithPrivateKey(folder.FullName, CertificatePassword)}",
            $"--{KeyRingCertificate.PasswordKey}={CertificatePassword}",
        ];
        var signedIn = new CookieContainer();
        await using var first = await RunningWeb.StartAsync(database, ServerArguments.NewQueuePrefix(), null, withCertificate);
        var name = await first.CreateUserAsync(Roles.Staff);
        using var client = first.CreateClient(signedIn);
        using var signIn = await client.SignInAsync(name, SigningIn.Password);
        Assert.Equal(HttpStatusCode.Redirect, signIn.StatusCode);
        var tickets = first.Services.GetRequiredService<IOptionsMonitor<CookieAuthenticationOptions>>().Get(IdentityConstants.ApplicationScheme).TicketDataFormat;
        return (withCertificate, signedIn, name, first.Address, tickets.Unprotect(signedIn.GetCookies(first.Address)["prison.session"]!.Value)!);
    }

    [Fact]
    public async Task A_certificate_that_is_missing_unreadable_or_without_its_private_key_stops_the_start_with_one_sentence()
    {
        var folder = Directory.CreateTempSubdirectory("prison-key-ring-");
        var good = KeyRingCertificates.WriteWithPrivateKey(folder.FullName, CertificatePassword);
        var publicOnly = KeyRingCertificates.WriteWithoutPrivateKey(folder.FullName, CertificatePassword);
        var dataFolder = $"--Prison:DataFolder={folder.FullName}";

        var missing = await Assert.ThrowsAsync<StartupException>(() => WebApp.BuildAsync(
            [dataFolder, $"--{KeyRingCertificate.PathKey}={Path.Combine(folder.FullName, "none.pfx")}"]));
        var wrongPassword = await Assert.ThrowsAsync<StartupException>(() => WebApp.BuildAsync(
            [dataFolder, $"--{KeyRingCertificate.PathKey}={good}", $"--{KeyRingCertificate.PasswordKey}=not-the-password"]));
        var withoutKey = await Assert.ThrowsAsync<StartupException>(() => WebApp.BuildAsync(
            [dataFolder, $"--{KeyRingCertificate.PathKey}={publicOnly}", $"--{KeyRingCertificate.PasswordKey}={CertificatePassword}"]));
        var both = await Assert.ThrowsAsync<StartupException>(() => WebApp.BuildAsync(
            [dataFolder, $"--{KeyRingCertificate.PathKey}={good}", $"--{KeyRingCertificate.ThumbprintKey}=0123456789ABCDEF"]));
        var unknownThumbprint = await Assert.ThrowsAsync<StartupException>(() => WebApp.BuildAsync(
            [dataFolder, $"--{KeyRingCertificate.ThumbprintKey}=0123456789ABCDEF0123456789ABCDEF01234567"]));
        folder.Delete(recursive: true);

        Assert.Equal($"The certificate file {Path.Combine(folder.FullName, "none.pfx")} (DataProtection:CertificatePath) does not exist.", missing.Message);
        Assert.StartsWith($"The certificate file {good} (DataProtection:CertificatePath) cannot be read as PKCS#12 with the password in DataProtection:CertificatePassword:", wrongPassword.Message, StringComparison.Ordinal);
        Assert.StartsWith("The certificate CN=prison-dashboard key ring (test) configured to encrypt the key ring has no RSA private key", withoutKey.Message, StringComparison.Ordinal);
        Assert.Equal("Give DataProtection:CertificatePath or DataProtection:CertificateThumbprint, not both: the key ring is encrypted with one certificate.", both.Message);
        Assert.StartsWith("No certificate with the thumbprint 0123456789ABCDEF0123456789ABCDEF01234567 (DataProtection:CertificateThumbprint)", unknownThumbprint.Message, StringComparison.Ordinal);
    }

    /// <summary>The start page on <paramref name="web"/>, with the cookies a browser got from the instance at <paramref name="from"/>.</summary>
    private static async Task<HttpResponseMessage> OpenStartPageAsync(RunningWeb web, CookieContainer signedIn, Uri from)
    {
        var cookies = new CookieContainer();
        foreach (Cookie cookie in signedIn.GetCookies(from))
        {
            cookies.Add(web.Address, new Cookie(cookie.Name, cookie.Value));
        }

        using var client = web.CreateClient(cookies);
        return await client.GetAsync("/");
    }
}
