using System.Net;
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
        string[] withCertificate =
        [
            $"--{KeyRingCertificate.PathKey}={KeyRingCertificates.WriteWithPrivateKey(folder.FullName, CertificatePassword)}",
            $"--{KeyRingCertificate.PasswordKey}={CertificatePassword}",
        ];
        var signedIn = new CookieContainer();
        string name;
        Uri firstAddress;
        await using (var first = await RunningWeb.StartAsync(database, ServerArguments.NewQueuePrefix(), null, withCertificate))
        {
            name = await first.CreateUserAsync(Roles.Staff);
            firstAddress = first.Address;
            using var client = first.CreateClient(signedIn);
            using var signIn = await client.SignInAsync(name, SigningIn.Password);
            Assert.Equal(HttpStatusCode.Redirect, signIn.StatusCode);
        }

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
