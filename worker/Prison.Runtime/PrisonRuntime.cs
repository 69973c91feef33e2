using Hangfire;
using Hangfire.AspNetCore;
using MassTransit;
using MassTransit.UsageTracking;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.Configuration.CommandLine;
using Microsoft.Extensions.Configuration.EnvironmentVariables;
using Microsoft.Extensions.Configuration.KeyPerFile;
using Microsoft.Extensions.FileProviders;
using Microsoft.Extensions.Hosting;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Logging;
using Prison.Db.Audit;
using Prison.Db.Identity;
using Prison.Db;
using Prison.Db.Runs;
using Prison.Db.Search;
using Prison.Domain.Evaluation;
using Prison.Runtime.Evaluation;
using Prison.Runtime.Jobs;
using Prison.Runtime.Messaging;
using Prison.Runtime.Runs;
using Prison.Runtime.Telemetry;
using Prison.ServiceDefaults;
using Prison.ServiceDefaults.Telemetry;
using Prison.Runtime.Events;

namespace Prison.Runtime;

/// <summary>The composition web and worker share; the worker's part (consumers and jobs) is hosted by web in the embedded mode.</summary>
public static class PrisonRuntime
{
    /// <summary>Database, rules, clock, health checks and the bus; with <paramref name="hostWorker"/>, the consumers and the scheduled jobs too.</summary>
    /// <param name="announceDataFolder">
    /// Says which folder the embedded database is in, first thing: a command's reader knows where what it changed went.
    /// Web says it beside its address instead.
    /// </param>
    /// <param name="asOwner">Connects as the schema's owner (ConnectionStrings:PrisonOwner) when one is named: migrate alone does.</param>
    public static PrisonSettings AddPrison(this IHostApplicationBuilder builder, bool? hostWorker = null, bool announceDataFolder = true, bool asOwner = false)
    {
        builder.Configuration.AddLoggingDefaults();
        // Secrets as files (compose's and Kubernetes' secrets) rather than environment variables, which `docker inspect`
        // and every child process see: each file of the folder is one setting, named as in the environment. Read before
        // the environment and the command line, so that an operator's one-off command can still name another database.
        if (builder.Configuration[PrisonSettings.SecretsFolderKey] is { Length: > 0 } secrets)
        {
            var sources = builder.Configuration.Sources;
            var first = sources.Select((source, index) => (source, index)).FirstOrDefault(s => s.source is EnvironmentVariablesConfigurationSource or CommandLineConfigurationSource);
            var files = new KeyPerFileConfigurationSource
            {
                FileProvider = new PhysicalFileProvider(Path.GetFullPath(secrets, builder.Environment.ContentRootPath)),
                Optional = false,
            };
            sources.Insert(first.source is null ? sources.Count : first.index, files);
        }

        var settings = PrisonSettings.From(builder.Configuration, builder.Environment.ContentRootPath, asOwner);
        if (announceDataFolder && settings.DataFolderAnnouncement is { } announcement)
        {
            Console.WriteLine(announcement);
        }

        var services = builder.Services;
        services.AddSingleton(settings);
        services.AddSingleton(TimeProvider.System);
        // What the audit log records as acting here; web replaces it with the signed-in person.
        services.TryAddSingleton<IAuditActor>(AuditActor.Worker);
        // Whether the actor reaches every prison, for headquarters acts; web replaces it with the signed-in person's reach.
        services.TryAddSingleton(ActorReach.Headquarters);
        services.AddPrisonDb(settings.ConnectionString);
        services.AddPrisonEvaluation(builder.Configuration);
        services.AddScoped<ReevaluationRuns>();
        services.AddSingleton<ChangePublisher>();
        services.AddSingleton(JobSettings.From(builder.Configuration));
        services.AddPrisonHealthChecks();

        // The in-memory transport only reaches this process, so without a broker the worker must live here.
        var withWorker = hostWorker ?? settings.RabbitMq is null;
        services.AddPrisonMessaging(settings, withWorker);
        if (withWorker)
        {
            services.AddPrisonJobs(settings, runJobs: true);
            services.AddPrisonEvents(settings, builder.Configuration);
        }

        return settings;
    }

    /// <summary>The shared telemetry; with <paramref name="hostsWorker"/>, and metrics served, the gauges of the state the consumers and jobs work on too.</summary>
    /// <param name="serviceName">How traces and metrics name this process's service: prison-web or prison-worker.</param>
    /// <param name="hostsWorker">Whether this process runs the consumers and jobs, whose state its gauges report.</param>
    public static TelemetrySettings AddPrisonTelemetry(this IHostApplicationBuilder builder, string serviceName, bool hostsWorker)
    {
        var settings = builder.AddPrisonTelemetry(serviceName);
        if (hostsWorker && settings.MetricsEndpoint is not null)
        {
            builder.Services.AddHostedService<PrisonSampler>();
        }

        return settings;
    }

    public static void AddPrisonMessaging(this IServiceCollection services, PrisonSettings settings, bool withConsumers)
    {
        services.AddSingleton<BrokerConnection>();
        services.AddBusObserver(provider => provider.GetRequiredService<BrokerConnection>());
        services.AddReceiveEndpointObserver(provider => provider.GetRequiredService<BrokerConnection>());
        services.AddMassTransit(bus =>
        {
            // A prison's system never calls home: MassTransit 8.5 otherwise posts a usage report to its makers five
            // minutes after the bus starts.
            bus.DisableUsageTelemetry();
            bus.SetEndpointNameFormatter(new KebabCaseEndpointNameFormatter(settings.RabbitMq?.QueuePrefix, includeNamespace: false));
            if (withConsumers)
            {
                bus.AddConsumer<PrisonerChangedConsumer>(consumer => consumer.Options<BatchOptions>(PrisonerChangedConsumer.ConfigureBatches));
                bus.AddConsumer<ReevaluateRangeConsumer>();
                bus.AddConsumer<ReevaluateRangeFaultConsumer>();
                bus.AddConsumer<ScheduledJobRequestConsumer>();
            }

            if (settings.RabbitMq is { } rabbit)
            {
                bus.UsingRabbitMq((context, transport) =>
                {
                    if (rabbit.QueuePrefix is { Length: > 0 } prefix)
                    {
                        // Exchanges too, so installations sharing a broker never receive each other's messages.
                        transport.MessageTopology.SetEntityNameFormatter(new PrefixEntityNameFormatter(transport.MessageTopology.EntityNameFormatter, prefix));
                    }

                    transport.Host(rabbit.Host, (ushort)rabbit.Port, rabbit.VirtualHost, host =>
                    {
                        host.Username(rabbit.Username);
                        host.Password(rabbit.Password);
                        if (rabbit.Tls)
                        {
                            host.UseSsl(ssl => ssl.ServerName = rabbit.Host);
                        }
                    });

                    // Immediate retries only: Debian's RabbitMQ has no delayed-exchange plugin. Then the _error queue.
                    transport.UseMessageRetry(retry => retry.Immediate(3));
                    transport.ConfigureEndpoints(context);
                });
            }
            else
            {
                bus.UsingInMemory((context, transport) =>
                {
                    transport.UseMessageRetry(retry => retry.Immediate(3));
                    transport.ConfigureEndpoints(context);
                });
            }
        });

        // MASSTRANSIT_USAGE_TELEMETRY=true in a process's environment would turn the report back on over
        // DisableUsageTelemetry. Without a usage tracker the bus collects and sends nothing, whatever the environment says.
        services.RemoveAll<IUsageTracker>();
    }

    /// <summary>
    /// Hangfire over <see cref="PrisonJobStorage"/>. With <paramref name="runJobs"/>, one Hangfire server in this
    /// process, which runs the jobs and takes its share of the schedule; without, a process that only reads the jobs
    /// (the command line, web's operations page and dashboard in production), and asks a worker to act on them by a
    /// <see cref="Prison.Domain.Messages.ScheduledJobRequest"/>: only the workers' role may write the storage.
    /// </summary>
    public static void AddPrisonJobs(this IServiceCollection services, PrisonSettings settings, bool runJobs)
    {
        // Registered before AddHangfire, which adds only what is missing: its own defaults are the process-wide
        // JobStorage.Current and JobActivator.Current, and two hosts in one process (the tests') would share the last ones.
        services.AddSingleton(provider => PrisonJobStorage.Create(settings, provider.GetRequiredService<JobSettings>()));
        services.AddSingleton<JobActivator>(provider => new AspNetCoreJobActivator(provider.GetRequiredService<IServiceScopeFactory>()));
        services.AddHangfire((provider, configuration) => configuration
            .SetDataCompatibilityLevel(CompatibilityLevel.Version_180)
            .UseSimpleAssemblyNameTypeSerializer()
            .UseRecommendedSerializerSettings()
            .UseLogProvider(new HostLogProvider(provider.GetRequiredService<ILoggerFactory>())));
        if (runJobs)
        {
            var name = JobServerName.ForThisHost();
            services.AddSingleton(name);
            services.AddHangfireServer(options =>
            {
                options.ServerName = name.Value;
                // One for each job, so that a slow run of one does not hold up the others' every-minute runs.
                options.WorkerCount = PrisonSchedule.Names.Count;
                options.SchedulePollingInterval = JobSettings.PollInterval;
            });
            services.AddHealthChecks().AddCheck<JobServerHealthCheck>("hangfire-server");
        }
    }

    /// <summary>
    /// Writes the schedule to the job storage, in a process that runs jobs (one with a Hangfire server); other
    /// processes leave it as the workers wrote it. Before the host starts, so that a bad Jobs:NightlyCron stops the
    /// start with one sentence.
    /// </summary>
    public static void RegisterPrisonSchedule(this IServiceProvider services)
    {
        if (services.GetService<JobServerName>() is not null)
        {
            PrisonSchedule.Register(
                services.GetRequiredService<IRecurringJobManager>(),
                services.GetRequiredService<JobSettings>(),
                services.GetRequiredService<PrisonCalendar>().TimeZone,
                services.GetRequiredService<ILoggerFactory>().CreateLogger(typeof(PrisonSchedule)));
        }
    }

    /// <summary>
    /// Any key, the same in every process: PostgreSQL's advisory locks are named by a number. 0x70726973 is "pris".
    /// </summary>
    private const long MigrationLockKey = 0x70726973;

    /// <summary>
    /// The schema up to date. On PostgreSQL, Hangfire's schema too, and each role Database:ApplicationRole, :WebRole,
    /// :WorkerRole and :CommandLineRole name given exactly the rights its process uses (<see cref="Db.Migrations.ApplicationRoleRights"/>): all as the role this process
    /// connects as, which owns them.
    /// </summary>
    /// <returns>The migrations this call applied, in order: none when the schema was up to date.</returns>
    public static async Task<IReadOnlyList<string>> MigratePrisonDatabaseAsync(this IServiceProvider services, CancellationToken cancellationToken = default)
    {
        await using var scope = services.CreateAsyncScope();
        var db = scope.ServiceProvider.GetRequiredService<PrisonDb>();
        var settings = scope.ServiceProvider.GetRequiredService<PrisonSettings>();
        if (!db.IsPostgreSql)
        {
            var applied = await PendingMigrationsAsync(db, cancellationToken);
            await db.Database.MigrateAsync(cancellationToken);
            await db.AddMissingSearchKeysAsync(cancellationToken: cancellationToken);
            // Readers keep reading while the worker writes verdicts.
            await db.Database.ExecuteSqlRawAsync("PRAGMA journal_mode=WAL", cancellationToken);
            return applied;
        }

        // EF's own lock on PostgreSQL lasts one transaction, and Npgsql's migrator commits after each step without
        // reading the history again: with two steps pending, a second process applied the second step again and
        // failed. A session lock held across the whole run makes the next process start after it and find nothing to do.
        // It is released explicitly: a pooled connection keeps session locks until it is reused. A transient fault
        // (the database restarting) runs it all again on a new connection, lock first: the lost connection took its lock along.
        return await db.Database.CreateExecutionStrategy().ExecuteAsync(
            async token =>
            {
                await db.Database.OpenConnectionAsync(token);
                try
                {
                    await db.Database.ExecuteSqlAsync($"SELECT pg_advisory_lock({MigrationLockKey})", token);
                    try
                    {
                        // Before anything changes: a role that would hold the owner's rights is refused.
                        foreach (var named in settings.RolesToGrant)
                        {
                            if (await Db.Migrations.ApplicationRoleRights.ProblemAsync(db, named.Role, named.Key, token) is { } problem)
                            {
                                throw new StartupException(problem);
                            }
                        }

                        var applied = await PendingMigrationsAsync(db, token);
                        await db.Database.MigrateAsync(token);
                        // Under the same lock: the keys of prisoners stored before migration 014 (.NET normalises them).
                        await db.AddMissingSearchKeysAsync(cancellationToken: token);
                        PrisonJobStorage.PrepareSchema(settings.ConnectionString, scope.ServiceProvider.GetRequiredService<JobSettings>());
                        foreach (var named in settings.RolesToGrant)
                        {
                            await Db.Migrations.ApplicationRoleRights.GrantAsync(db, named.Role, [PrisonJobStorage.Schema], named.Process, token);
                        }

                        return applied;
                    }
                    finally
                    {
                        await db.Database.ExecuteSqlAsync($"SELECT pg_advisory_unlock({MigrationLockKey})", CancellationToken.None);
                    }
                }
                finally
                {
                    await db.Database.CloseConnectionAsync();
                }
            },
            cancellationToken);
    }

    /// <summary>
    /// What the migrator is about to apply. EF's migrator reads its history table before creating it, and on a new
    /// database logs that read's failure as an error, which reads like a failed migration: created here first
    /// (as the migrator would), the table is there to be read.
    /// </summary>
    private static async Task<IReadOnlyList<string>> PendingMigrationsAsync(PrisonDb db, CancellationToken cancellationToken)
    {
        await db.GetService<IHistoryRepository>().CreateIfNotExistsAsync(cancellationToken);
        return [.. await db.Database.GetPendingMigrationsAsync(cancellationToken)];
    }

    /// <summary>An in-memory bus loses its messages with its process: a run it carried can never finish, so it is ended.</summary>
    public static async Task AbandonRunsLeftInMemoryAsync(this IServiceProvider services, CancellationToken cancellationToken = default)
    {
        await using var scope = services.CreateAsyncScope();
        var db = scope.ServiceProvider.GetRequiredService<PrisonDb>();
        if (await db.CurrentRunAsync(cancellationToken) is { } run)
        {
            await db.AbandonRunAsync(run.Id, scope.ServiceProvider.GetRequiredService<TimeProvider>().GetUtcNow().UtcDateTime, cancellationToken);
        }
    }
}
