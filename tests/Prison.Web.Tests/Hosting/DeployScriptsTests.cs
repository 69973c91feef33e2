using System.Diagnostics;
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
