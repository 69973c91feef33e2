using System.Diagnostics;
using RabbitMQ.Client;
using RabbitMQ.Client.Exceptions;

namespace Prison.Faults.Tests;

/// <summary>
/// The RabbitMQ users docker-compose.yml gives the broker (deploy/secrets.sh's definitions, which the image imports at
/// start), imported into a real node: web and the workers sign in with their own passwords, as users who may not
/// manage the broker; a wrong password is refused.
/// </summary>
public sealed class RabbitMqUsersTests : IDisposable
{
    private readonly DirectoryInfo _folder = Directory.CreateTempSubdirectory("prison-rabbit-users-");

    [Fact]
    public async Task Web_and_the_workers_sign_in_as_their_own_users_who_are_not_administrators()
    {
        var secrets = Path.Combine(_folder.FullName, "secrets");
        using (var made = Process.Start(new ProcessStartInfo("sh", [Path.Combine(Repository.Root(), "deploy", "secrets.sh"), secrets]) { RedirectStandardError = true })!)
        {
            await made.WaitForExitAsync();
            Assert.True(made.ExitCode == 0, await made.StandardError.ReadToEndAsync());
        }

        await using var broker = await PrivateBroker.StartAsync();
        await broker.ControlAsync("import_definitions", Path.Combine(secrets, "rabbitmq-definitions.json"));
        var users = await broker.ControlAsync("list_users");

        foreach (var (user, password) in new[] { ("prison_web", "web-rabbitmq-password"), ("prison_worker", "worker-rabbitmq-password") })
        {
            await using var connection = await ConnectAsync(broker, user, await File.ReadAllTextAsync(Path.Combine(secrets, password)));
            Assert.True(connection.IsOpen);
            Assert.Matches($@"(?m)^{user}\s+\[\]\s*$", users);
        }

        Assert.Matches(@"(?m)^prison_admin\s+\[administrator\]\s*$", users);
        await Assert.ThrowsAsync<BrokerUnreachableException>(() => ConnectAsync(broker, "prison_web", "not-the-password"));
    }

    public void Dispose() => _folder.Delete(recursive: true);

    private static Task<IConnection> ConnectAsync(PrivateBroker broker, string user, string password) =>
        new ConnectionFactory { HostName = "127.0.0.1", Port = broker.Port, UserName = user, Password = password, AutomaticRecoveryEnabled = false }
            .CreateConnectionAsync("prison-users-test");
}
