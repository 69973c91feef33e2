using System.Diagnostics;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using System.Text.RegularExpressions;
using System.Security.Cryptography.X509Certificates;
using Microsoft.AspNetCore.DataProtection;
using Microsoft.Extensions.Configuration;
using Prison.Testing;
using Prison.Web.SignIn;

namespace Prison.Web.Tests.Hosting;

/// <summary>
/// The certificate scripts of the runbook (docs/operations.md, "Deploying with docker compose"), run as an operator
/// runs them: what they write is what web and nginx are given, and they never write over a certificate.
/// </summary>
[System.Runtime.Versioning.SupportedOSPlatform("linux")]
public sealed class DeployScriptsTests : IDisposable
{
    private const string Password = "Quartz-Harbour-71!";

    private readonly DirectoryInfo _folder = Directory.CreateTempSubdirectory("prison-deploy-");

    [Fact]
    public async Task The_key_rings_certificate_made_by_the_script_is_one_web_reads_and_encrypts_its_keys_with()
    {
        var file = Path.Combine(_folder.FullName, "secrets", "data-protection.pfx");

        var made = await RunAsync("deploy/data-protection-certificate.sh", [file], Password);
        var configuration = new ConfigurationBuilder().AddInMemoryCollection(new Dictionary<string, string?>
        {
            [KeyRingCertificate.PathKey] = file,
            [KeyRingCertificate.PasswordKey] = Password,
        }).Build();
        using var certificate = KeyRingCertificate.From(configuration, _folder.FullName)!;
        var keys = Directory.CreateDirectory(Path.Combine(_folder.FullName, "keys"));
        var protector = DataProtectionProvider.Create(keys, ring => ring.ProtectKeysWithCertificate(certificate)).CreateProtector("test");
        var secret = protector.Protect("JBSWY3DPEHPK3PXP");

        Assert.True(made.ExitCode == 0, made.Output);
        Assert.Equal("JBSWY3DPEHPK3PXP", protector.Unprotect(secret));
        Assert.All(keys.GetFiles("key-*.xml"), key => Assert.Contains("EncryptedData", File.ReadAllText(key.FullName), StringComparison.Ordinal));
    }

    [Fact]
    public async Task The_key_rings_certificate_is_readable_by_webs_user_alone()
    {
        var file = Path.Combine(_folder.FullName, "data-protection.pfx");

        var made = await RunAsync("deploy/data-protection-certificate.sh", [file], Password);

        Assert.True(made.ExitCode == 0, made.Output);
        Assert.Equal(UnixFileMode.UserRead, File.GetUnixFileMode(file));
        if (Environment.UserName == "root")
        {
            Assert.Equal("1654", await StatAsync("%u", file));
        }
    }

    /// <summary>
    /// deploy/secrets.sh makes every secret docker-compose.yml names, each readable by its owner alone: the roles'
    /// passwords and the connection strings made of them, and RabbitMQ's users, of whom only the administrator manages
    /// the broker. Run again, it keeps what it made.
    /// </summary>
    [Fact]
    public async Task The_secrets_script_makes_every_secret_compose_names_readable_by_its_owner_alone_and_keeps_them()
    {
        var secrets = Path.Combine(_folder.FullName, "secrets");

        var made = await RunAsync("deploy/secrets.sh", [secrets], null);
        var first = Directory.GetFiles(secrets).ToDictionary(file => Path.GetFileName(file)!, File.ReadAllText);
        var again = await RunAsync("deploy/secrets.sh", [secrets], null);

        Assert.True(made.ExitCode == 0, made.Output);
        Assert.True(again.ExitCode == 0, again.Output);
        Assert.Equal(first, Directory.GetFiles(secrets).ToDictionary(file => Path.GetFileName(file)!, File.ReadAllText));
        var compose = await File.ReadAllTextAsync(Path.Combine(Repository.Root(), "docker-compose.yml"));
        var named = Regex.Matches(compose, @"file: \./deploy/secrets/(\S+)").Select(m => m.Groups[1].Value).ToList();
        Assert.NotEmpty(named);
        Assert.All(named, name => Assert.True(first.ContainsKey(name), $"docker-compose.yml names deploy/secrets/{name}, which deploy/secrets.sh does not make."));
        Assert.All(Directory.GetFiles(secrets), file => Assert.Equal(UnixFileMode.UserRead, File.GetUnixFileMode(file)));
        foreach (var (file, role) in new[] { ("migrate-connection", "prison-owner"), ("web-connection", "prison-web"), ("worker-connection", "prison-worker"), ("cli-connection", "prison-cli") })
        {
            var connection = new Npgsql.NpgsqlConnectionStringBuilder(first[file]);
            Assert.Equal(role.Replace('-', '_'), connection.Username);
            Assert.Equal(first[$"{role}-password"], connection.Password);
            Assert.True(connection.Password!.Length >= 24);
        }

        using var definitions = JsonDocument.Parse(first["rabbitmq-definitions.json"]);
        var users = definitions.RootElement.GetProperty("users").EnumerateArray().ToDictionary(u => u.GetProperty("name").GetString()!);
        Assert.Equal(["prison_admin", "prison_web", "prison_worker"], users.Keys.Order(StringComparer.Ordinal));
        Assert.Equal(["administrator"], users["prison_admin"].GetProperty("tags").EnumerateArray().Select(t => t.GetString()));
        Assert.Empty(users["prison_web"].GetProperty("tags").EnumerateArray());
        Assert.Empty(users["prison_worker"].GetProperty("tags").EnumerateArray());
        foreach (var (user, password) in new[] { ("prison_admin", "rabbitmq-admin-password"), ("prison_web", "web-rabbitmq-password"), ("prison_worker", "worker-rabbitmq-password") })
        {
            // RabbitMQ's rabbit_password_hashing_sha256: four bytes of salt, then SHA-256 of the salt and the password.
            var hash = Convert.FromBase64String(users[user].GetProperty("password_hash").GetString()!);
            Assert.Equal(hash[4..], SHA256.HashData([.. hash[..4], .. Encoding.UTF8.GetBytes(first[password])]));
        }
    }

    [Fact]
    public async Task The_key_rings_certificate_script_refuses_to_write_over_a_certificate()
    {
        var file = Path.Combine(_folder.FullName, "data-protection.pfx");
        await File.WriteAllTextAsync(file, "the certificate in use");

        var run = await RunAsync("deploy/data-protection-certificate.sh", [file], Password);

        Assert.NotEqual(0, run.ExitCode);
        Assert.Equal("the certificate in use", await File.ReadAllTextAsync(file));
    }

    [Fact]
    public async Task The_key_rings_certificate_script_refuses_to_make_one_without_a_password()
    {
        var file = Path.Combine(_folder.FullName, "data-protection.pfx");

        var run = await RunAsync("deploy/data-protection-certificate.sh", [file], password: null);

        Assert.NotEqual(0, run.ExitCode);
        Assert.False(File.Exists(file));
        Assert.Contains("DATA_PROTECTION_CERTIFICATE_PASSWORD", run.Output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task The_proxys_self_signed_certificate_is_for_the_host_name_given_and_is_not_written_twice()
    {
        var made = await RunAsync("deploy/proxy/self-signed-certificate.sh", ["dashboard.prison.example", _folder.FullName], null);
        using var certificate = X509Certificate2.CreateFromPemFile(Path.Combine(_folder.FullName, "server.crt"), Path.Combine(_folder.FullName, "server.key"));
        var again = await RunAsync("deploy/proxy/self-signed-certificate.sh", ["other.example", _folder.FullName], null);

        Assert.True(made.ExitCode == 0, made.Output);
        Assert.True(certificate.HasPrivateKey);
        Assert.True(certificate.MatchesHostname("dashboard.prison.example"));
        Assert.NotEqual(0, again.ExitCode);
    }

    public void Dispose() => _folder.Delete(recursive: true);

    private static async Task<string> StatAsync(string format, string file)
    {
        using var stat = Process.Start(new ProcessStartInfo("stat", ["-c", format, file]) { RedirectStandardOutput = true })!;
        var output = await stat.StandardOutput.ReadToEndAsync();
        await stat.WaitForExitAsync();
        return output.Trim();
    }

    private static async Task<(int ExitCode, string Output)> RunAsync(string script, string[] arguments, string? password)
    {
        var start = new ProcessStartInfo(Path.Combine(Repository.Root(), script)) { RedirectStandardOutput = true, RedirectStandardError = true };
        arguments.ToList().ForEach(start.ArgumentList.Add);
        start.Environment.Remove("DATA_PROTECTION_CERTIFICATE_PASSWORD");
        if (password is not null)
        {
            start.Environment["DATA_PROTECTION_CERTIFICATE_PASSWORD"] = password;
        }

        using var process = Process.Start(start)!;
        var output = process.StandardOutput.ReadToEndAsync();
        var error = process.StandardError.ReadToEndAsync();
        await process.WaitForExitAsync();
        return (process.ExitCode, await output + await error);
    }
}
