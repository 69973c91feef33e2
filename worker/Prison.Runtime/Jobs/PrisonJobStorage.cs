using Hangfire;
using Hangfire.InMemory;
using Hangfire.PostgreSql;
using Hangfire.PostgreSql.Factories;
using Npgsql;
using Prison.ServiceDefaults;

namespace Prison.Runtime.Jobs;

/// <summary>
/// Where Hangfire keeps the schedule, the queue of runs and their history: in the product's PostgreSQL database,
/// in a schema of its own that Hangfire.PostgreSql creates and upgrades itself, shared by every worker (each
/// recurring job runs once across them); in the embedded mode, in web's memory, beside the in-memory bus. Where web and
/// worker connect as an application role (Database:ApplicationRole), which may not create anything, migrate prepares
/// that schema as the owner instead.
/// </summary>
public static class PrisonJobStorage
{
    public const string Schema = "hangfire";

    public static JobStorage Create(PrisonSettings settings, JobSettings jobs) =>
        settings.IsEmbeddedDatabase ? new InMemoryStorage() : PostgreSql(settings.ConnectionString, jobs, prepareSchema: settings.ApplicationRole is null);

    /// <summary>Creates or upgrades Hangfire's schema, as the role <paramref name="connectionString"/> connects as (migrate's).</summary>
    public static void PrepareSchema(string connectionString, JobSettings jobs) => PostgreSql(connectionString, jobs);

    public static PostgreSqlStorage PostgreSql(string connectionString, JobSettings jobs, bool prepareSchema = true)
    {
        var options = new PostgreSqlStorageOptions
        {
            SchemaName = Schema,
            PrepareSchemaIfNecessary = prepareSchema,
            QueuePollInterval = JobSettings.PollInterval,
            // A running job's row is touched while its worker lives; a killed worker's job goes to another after this.
            UseSlidingInvisibilityTimeout = true,
            InvisibilityTimeout = jobs.TakeOverAfter,
            // Nobody refreshes Hangfire.PostgreSql's lock rows: a worker killed while it held one (every worker takes
            // each recurring job's lock every minute to schedule it) would leave it for the default 10 minutes, in
            // which no worker could schedule that job or start. The locks the product takes last milliseconds.
            DistributedLockTimeout = jobs.TakeOverAfter,
        };

        // Hangfire's schema installer sets the search path on its connection: its pooled connections are reset
        // when returned, and kept apart from EF Core's, which are not (PrisonDatabase turns the reset off).
        var connection = new NpgsqlConnectionStringBuilder(connectionString) { NoResetOnClose = false }.ConnectionString;
        return new PostgreSqlStorage(new NpgsqlConnectionFactory(connection, options), options);
    }
}
