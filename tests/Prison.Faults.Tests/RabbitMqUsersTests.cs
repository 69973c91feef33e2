using MassTransit;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Testing;
using Prison.Db.Runs;
using Prison.Domain.Messages;
using Prison.Runtime.Jobs;
using Prison.Runtime.Runs;
using RabbitMQ.Client;
using RabbitMQ.Client.Exceptions;

namespace Prison.Faults.Tests;

/// <summary>
/// The RabbitMQ users docker-compose.yml gives the broker (deploy/secrets.sh's definitions, which the image imports at
/// start), imported into a real node: web and the workers sign in with their own passwords, as users who may not
/// manage the broker; a wrong password is refused. Each may use only the exchanges and queues its process uses, as
/// deploy/rabbitmq/permissions declares them (read by deploy/secrets.sh, whose definitions the tests import).
/// </summary>
public sealed class RabbitMqUsersTests(DeploymentBroker deployment) : IClassFixture<DeploymentBroker>
{
    private string Secrets => deployment.Secrets;

    [Fact]
    public async Task Web_and_the_workers_sign_in_as_their_own_users_who_are_not_administrators()
    {
        var broker = deployment.Broker;
        var secrets = Secrets;
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

    /// <summary>
    /// Web's and the workers' buses do all their work on the users' permissions (web publishes changes, runs and job
    /// requests; the worker consumes them, moves a poison message to its error queue, publishes its fault and relays
    /// events), and each user is refused a queue or exchange outside its regular expressions.
    /// </summary>
    [Fact]
    public async Task Web_and_the_workers_buses_work_within_their_permissions_and_what_lies_outside_them_is_refused()
    {
        var broker = deployment.Broker;
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        string[] As(string user, string password) =>
        [
            .. ServerArguments.For(database, new Uri($"amqp://{user}:{Password(password)}@127.0.0.1:{broker.Port}/"), string.Empty),
            "--Jobs:UnknownThreshold=00:00:05",
        ];
        static void Watched(IServiceCollection services) => services.AddLogging(logging => logging.AddFakeLogging());
        var workerArguments = As("prison_worker", "worker-rabbitmq-password");
        await using var worker = await RunningWorker.StartAsync(database.ConnectionString, string.Empty, null, Watched, workerArguments[2..]);
        await using var web = await RunningWeb.StartAsync([.. As("prison_web", "web-rabbitmq-password"), RunningWeb.InsecureCookies], services: Watched);

        // A change web publishes, evaluated by the worker, whose verdict is relayed as an event to prison.events.
        await using (var db = database.Open())
        {
            db.Prisons.Add(Records.Prison());
            db.Prisoners.Add(Records.Harmless("R01", 1, DateOnly.FromDateTime(DateTime.UtcNow).AddDays(-3)));
            await web.Services.GetRequiredService<IBus>().PublishBatch(await db.SaveRecordChangesAsync());
        }

        await Eventually.Async(() => database.ScalarAsync<long>("SELECT count(*) FROM prisoner WHERE danger_status = 'Unknown'"), unknown => unknown == 0, "the change evaluated");
        await Eventually.Async(() => database.ScalarAsync<long>("SELECT count(*) FROM prison_event WHERE relayed_at IS NULL"), waiting => waiting == 0, "the events relayed");

        // A full re-evaluation web starts, whose batches the worker carries out.
        await using (var scope = web.Services.CreateAsyncScope())
        {
            await scope.ServiceProvider.GetRequiredService<ReevaluationRuns>().StartAsync("permissions test", RunScope.All, CancellationToken.None);
        }

        await Eventually.Async(() => database.ScalarAsync<long>("SELECT count(*) FROM reevaluation_run WHERE finished_at IS NOT NULL AND done = total"), done => done == 1, "the run finished");

        // A job web asks for, fired by the worker; a request the worker refuses lands in its error queue.
        var storage = worker.Services.GetRequiredService<Hangfire.JobStorage>();
        var before = JobRuns.Last(storage, NightlyReevaluationJob.Name);
        await web.Services.GetRequiredService<IBus>().Publish(new ScheduledJobRequest(NightlyReevaluationJob.Name, ScheduledJobAct.Fire, "permissions test"));
        await web.Services.GetRequiredService<IBus>().Publish(new ScheduledJobRequest("no-such-job", ScheduledJobAct.Fire, "permissions test"));
        await Eventually.Async(() => Task.FromResult(JobRuns.Last(storage, NightlyReevaluationJob.Name)), run => run != before, "the job fired");
        await using (var admin = await ConnectAsync(broker, "prison_admin", Password("rabbitmq-admin-password")))
        {
            // A passive declare of a queue not made yet closes its channel: a channel a look.
            await Eventually.Async(
                async () =>
                {
                    await using var channel = await admin.CreateChannelAsync();
                    try
                    {
                        return (await channel.QueueDeclarePassiveAsync("scheduled-job-request_error")).MessageCount;
                    }
                    catch (OperationInterruptedException)
                    {
                        return 0u;
                    }
                },
                count => count == 1,
                "the refused request in the error queue");
        }

        // Web counts the error queues for the operations page, reading no queue.
        var counted = await Prison.Runtime.Messaging.ErrorQueues.CountAsync(web.Services.GetRequiredService<Prison.ServiceDefaults.PrisonSettings>(), CancellationToken.None);
        Assert.Equal(1u, counted!["scheduled-job-request_error"]);

        // Nothing either process did was refused by the broker (a refusal closes the channel and is logged as an error).
        var errors = new[] { worker.Services, web.Services }
            .SelectMany(services => services.GetFakeLogCollector().GetSnapshot())
            .Where(log => log.Level >= LogLevel.Error && log.Category != "Microsoft.Extensions.Diagnostics.HealthChecks.DefaultHealthCheckService"
                && !(log.Exception?.ToString().Contains("no-such-job", StringComparison.Ordinal) ?? false))
            .Select(log => $"{log.Category}: {log.Message} {log.Exception}")
            .ToList();
        Assert.True(errors.Count == 0, string.Join("\n", errors));

        // Outside the regular expressions: web reads or makes no queue, the worker makes no other queue or exchange.
        await AssertRefusedAsync(broker, "prison_web", "web-rabbitmq-password", channel => channel.BasicGetAsync("prisoner-changed", autoAck: true));
        await AssertRefusedAsync(broker, "prison_web", "web-rabbitmq-password", channel => channel.QueueDeclareAsync("prisoner-changed-copy", durable: true, exclusive: false, autoDelete: false));
        await AssertRefusedAsync(broker, "prison_web", "web-rabbitmq-password", channel => channel.ExchangeDeclareAsync(RabbitMqEventSinkName, ExchangeType.Topic, durable: true));
        await AssertRefusedAsync(broker, "prison_worker", "worker-rabbitmq-password", channel => channel.QueueDeclareAsync("elsewhere", durable: true, exclusive: false, autoDelete: false));
        await AssertRefusedAsync(broker, "prison_worker", "worker-rabbitmq-password", channel => channel.ExchangeDeclareAsync("elsewhere", ExchangeType.Fanout, durable: true));
        await AssertRefusedAsync(broker, "prison_worker", "worker-rabbitmq-password", channel => channel.BasicGetAsync("amq.rabbitmq.trace", autoAck: true));
    }

    private const string RabbitMqEventSinkName = Prison.Runtime.Events.RabbitMqEventSink.ExchangeName;

    private string Password(string file) => deployment.Password(file);

    private async Task AssertRefusedAsync(PrivateBroker broker, string user, string passwordFile, Func<IChannel, Task> act)
    {
        await using var connection = await ConnectAsync(broker, user, Password(passwordFile));
        await using var channel = await connection.CreateChannelAsync();
        var refused = await Assert.ThrowsAsync<OperationInterruptedException>(() => act(channel));
        Assert.Equal(403, (int?)refused.ShutdownReason?.ReplyCode);
    }

    private static Task<IConnection> ConnectAsync(PrivateBroker broker, string user, string password) =>
        new ConnectionFactory { HostName = "127.0.0.1", Port = broker.Port, UserName = user, Password = password, AutomaticRecoveryEnabled = false }
            .CreateConnectionAsync("prison-users-test");
}
