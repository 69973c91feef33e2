using System.Net;
using Microsoft.Data.Sqlite;
using Prison.Web.SignIn;
using Prison.Web.Tests.SignIn;

namespace Prison.Web.Tests.Hosting;

/// <summary>
/// A start meant for production (Prison:Production, which the published images set) refuses with one sentence and
/// exit code 1 to run without its database or with an unencrypted key ring, unless a setting allows the latter.
/// </summary>
public sealed class ProductionStartTests : IDisposable
{
    private const string NoDatabase =
        "Prison:Production is true but ConnectionStrings:Prison is not set: a production start needs its database and does not fall back to the embedded demo.";

    private const string NoKeyRingCertificate =
        "Prison:Production is true but no certificate encrypts the key ring: set DataProtection:CertificatePath or DataProtection:CertificateThumbprint, or DataProtection:AllowUnencryptedKeys=true to store it unencrypted.";

    /// <summary>Stands in for the user's ~/.local/share: a start that fell back to the demo would put its database here.</summary>
    private readonly string _home = Path.Combine(Path.GetTempPath(), $"prison-home-{Guid.NewGuid():N}");

    [Theory]
    [InlineData("web", null)]
    [InlineData("worker", "run")]
    public async Task A_production_start_without_a_connection_string_refuses_with_one_sentence_instead_of_starting_the_demo(string app, string? verb)
    {
        var program = app == "worker" ? WorkerProcess.Dll : "Prison.Web.dll";
        var (exitCode, output) = await AppProcess.RunAsync(program, AppContext.BaseDirectory, Environment(), null, verb is null ? ["--urls=http://127.0.0.1:0"] : [verb, "--urls=http://127.0.0.1:0"]);

        Assert.Equal(1, exitCode);
        Assert.Equal(NoDatabase, output.Trim());
        Assert.False(Directory.Exists(Path.Combine(_home, "prison-dashboard")));
    }

    [Fact]
    public async Task A_production_start_of_web_without_a_key_ring_certificate_refuses_with_one_sentence()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);

        var (exitCode, output) = await AppProcess.RunAsync("Prison.Web.dll", AppContext.BaseDirectory, Environment(), null, ServerArguments.For(database, ServerArguments.NewQueuePrefix()));

        Assert.Equal(1, exitCode);
        Assert.Equal(NoKeyRingCertificate, output.Trim());
    }

    [Fact]
    public async Task A_production_start_of_web_runs_with_a_key_ring_certificate_or_when_unencrypted_keys_are_explicitly_allowed()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        var certificate = KeyRingCertificates.WriteWithPrivateKey(Directory.CreateDirectory(_home).FullName, "Key-Ring-Passw0rd!");
        string[][] allowed =
        [
            [$"--{KeyRingCertificate.PathKey}={certificate}", $"--{KeyRingCertificate.PasswordKey}=Key-Ring-Passw0rd!"],
            [$"--{KeyRingCertificate.AllowUnencryptedKey}=true"],
        ];

        foreach (var settings in allowed)
        {
            await using var web = await RunningWeb.StartAsync(database, ServerArguments.NewQueuePrefix(), more: ["--Prison:Production=true", .. settings]);
            using var client = web.CreateClient();
            using var answer = await client.GetAsync("/sign-in");
            Assert.Equal(HttpStatusCode.OK, answer.StatusCode);
        }
    }

    public void Dispose()
    {
        SqliteConnection.ClearAllPools();
        if (Directory.Exists(_home))
        {
            Directory.Delete(_home, recursive: true);
        }
    }

    /// <summary>As the published images set it, with the user's data folder moved out of the way.</summary>
    private Dictionary<string, string> Environment() => new() { ["Prison__Production"] = "true", ["XDG_DATA_HOME"] = _home };
}
