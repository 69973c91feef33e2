using System.Diagnostics;

namespace Prison.Faults.Tests;

/// <summary>
/// A private RabbitMQ node with the users, virtual host and permissions deploy/secrets.sh writes for compose (its
/// definitions imported), and the secrets folder it wrote, made once for the tests of a class.
/// </summary>
public sealed class DeploymentBroker : IAsyncLifetime
{
    private readonly DirectoryInfo _folder = Directory.CreateTempSubdirectory("prison-rabbit-users-");

    public PrivateBroker Broker { get; private set; } = null!;

    public string Secrets => Path.Combine(_folder.FullName, "secrets");

    public string Password(string file) => File.ReadAllText(Path.Combine(Secrets, file));

    public async Task InitializeAsync()
    {
        using (var made = Process.Start(new ProcessStartInfo("sh", [Path.Combine(Repository.Root(), "deploy", "secrets.sh"), Secrets]) { RedirectStandardError = true })!)
        {
            await made.WaitForExitAsync();
            if (made.ExitCode != 0)
            {
                throw new InvalidOperationException($"deploy/secrets.sh failed ({made.ExitCode}): {await made.StandardError.ReadToEndAsync()}");
            }
        }

        Broker = await PrivateBroker.StartAsync();
        await Broker.ControlAsync("import_definitions", Path.Combine(Secrets, "rabbitmq-definitions.json"));
    }

    public async Task DisposeAsync()
    {
        if (Broker is not null)
        {
            await Broker.DisposeAsync();
        }

        _folder.Delete(recursive: true);
    }
}
