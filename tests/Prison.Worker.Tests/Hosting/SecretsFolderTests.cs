using Npgsql;
using Prison.Runtime;
using Prison.ServiceDefaults;

namespace Prison.Worker.Tests.Hosting;

/// <summary>
/// Settings read from files, as compose's secrets give them (Prison:SecretsFolder), rather than from environment
/// variables; and the settings that encrypt the connections to PostgreSQL and RabbitMQ on other hosts are honoured.
/// </summary>
public sealed class SecretsFolderTests : IDisposable
{
    private readonly DirectoryInfo _secrets = Directory.CreateTempSubdirectory("prison-secrets-");

    [Fact]
    public async Task A_production_migrate_reads_its_connection_string_from_a_file_of_the_secrets_folder()
    {
        await using var database = await ScratchDatabase.CreateAsync(Engine.PostgreSql);
        await File.WriteAllTextAsync(Path.Combine(_secrets.FullName, "ConnectionStrings__Prison"), database.ConnectionString);

        var run = await WorkerProcess.RunAsync("migrate", "--Prison:Production=true", $"--Prison:SecretsFolder={_secrets.FullName}");

        Assert.True(run.ExitCode == 0, run.Output);
        Assert.True(await database.ScalarAsync<long>("SELECT count(*) FROM \"__EFMigrationsHistory\"") > 0);
    }

    [Fact]
    public async Task A_connection_to_PostgreSQL_that_requires_TLS_is_refused_by_a_server_that_offers_none()
    {
        var plain = new NpgsqlConnectionStringBuilder(TestServers.PostgreSql) { SslMode = SslMode.VerifyFull }.ToString();

        var run = await WorkerProcess.RunAsync("migrate", "--Prison:Production=true", $"--ConnectionStrings:Prison={plain}");

        Assert.Equal(1, run.ExitCode);
        Assert.Contains("Cannot reach the PostgreSQL database configured in ConnectionStrings:Prison", run.Output);
        Assert.Contains("SSL", run.Output, StringComparison.OrdinalIgnoreCase);
    }

    [Fact]
    public async Task With_RabbitMq_Tls_web_speaks_TLS_to_the_broker_and_a_broker_without_it_stops_the_start()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        var arguments = ServerArguments.For(database, ServerArguments.NewQueuePrefix(), "--RabbitMq:Tls=true");

        var refused = await Assert.ThrowsAsync<StartupException>(() => Prison.Web.App.WebApp.BuildAsync(arguments));

        Assert.StartsWith("Cannot reach RabbitMQ at amqps://", refused.Message, StringComparison.Ordinal);
    }

    public void Dispose() => _secrets.Delete(recursive: true);
}
