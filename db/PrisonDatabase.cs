using Microsoft.Data.Sqlite;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Diagnostics;
using Npgsql;
using Prison.Db.Audit;

namespace Prison.Db;

/// <summary>Which database the product runs on, and how a <see cref="PrisonDb"/> is set up for it.</summary>
public static class PrisonDatabase
{
    public const string PostgreSqlProvider = "Npgsql.EntityFrameworkCore.PostgreSQL";

    public const string SqliteProvider = "Microsoft.EntityFrameworkCore.Sqlite";

    /// <summary>
    /// How often a statement, a save or a transaction is tried again after a transient fault of PostgreSQL (a restart,
    /// a failover, a dropped connection) before the fault is reported: a restart is ridden out within one request, and a
    /// database that stays away answers with "try again" (web's 503 page) well before EF's default delays would.
    /// </summary>
    public const int Retries = 5;

    public static readonly TimeSpan LongestRetryDelay = TimeSpan.FromSeconds(5);

    /// <summary>
    /// PostgreSQL when the connection string names a host, SQLite when it names a Data Source. Migrations
    /// are the numbered scripts, with no model snapshot (it would describe the schema a second time beside them),
    /// so EF's "pending model changes" check has nothing to compare with and is switched off; a test compares the
    /// scripts with the model.
    /// </summary>
    public static DbContextOptionsBuilder Configure(DbContextOptionsBuilder options, string connectionString)
    {
        if (IsSqlite(connectionString))
        {
            options.UseSqlite(connectionString);
        }
        else
        {
            options.UseNpgsql(Tuned(connectionString), npgsql => npgsql.EnableRetryOnFailure(Retries, LongestRetryDelay, null));
        }

        return options.ConfigureWarnings(w => w.Ignore(RelationalEventId.PendingModelChangesWarning));
    }

    /// <summary>
    /// The product sends the same few dozen statements over and over (the aggregate's loads, the verdict write, the
    /// dashboard's read for each prison), each on a connection borrowed from the pool for one statement or one transaction:
    /// <list type="bullet">
    /// <item>Npgsql prepares the most used ones on each connection, so PostgreSQL stops parsing and planning them every
    /// time, which makes a change of one prisoner markedly faster.</item>
    /// <item>A connection going back to the pool is not reset: the product sets no session state (its one session lock,
    /// the migrations', is released explicitly), and the reset was a statement in front of every dashboard read.</item>
    /// </list>
    /// A connection string that sets either keeps its value.
    /// </summary>
    private static string Tuned(string connectionString)
    {
        var builder = new NpgsqlConnectionStringBuilder(connectionString);
        if (!Sets(connectionString, "Max Auto Prepare", "MaxAutoPrepare"))
        {
            builder.MaxAutoPrepare = 128;
        }

        if (!Sets(connectionString, "No Reset On Close", "NoResetOnClose"))
        {
            builder.NoResetOnClose = true;
        }

        return builder.ConnectionString;
    }

    private static bool Sets(string connectionString, params string[] keywords) =>
        keywords.Any(keyword => connectionString.Contains(keyword, StringComparison.OrdinalIgnoreCase));

    public static bool IsSqlite(string connectionString) =>
        connectionString.Contains("Data Source", StringComparison.OrdinalIgnoreCase)
        || connectionString.Contains("DataSource", StringComparison.OrdinalIgnoreCase);

    /// <summary>The embedded mode's database: one SQLite file in <paramref name="folder"/> (which the process creates before opening it).</summary>
    public static string SqliteFile(string folder)
    {
        return new SqliteConnectionStringBuilder { DataSource = Path.Combine(Path.GetFullPath(folder), "prison.db"), DefaultTimeout = 30 }.ToString();
    }

    public static PrisonDb Open(string connectionString, TimeProvider? clock = null, params IInterceptor[] interceptors) =>
        OpenAs(null, connectionString, clock, interceptors);

    /// <param name="actor">Who the audit log records as acting in this unit of work.</param>
    public static PrisonDb OpenAs(IAuditActor? actor, string connectionString, TimeProvider? clock = null, params IInterceptor[] interceptors)
    {
        var options = new DbContextOptionsBuilder<PrisonDb>();
        Configure(options, connectionString).AddInterceptors(interceptors);
        return new PrisonDb(options.Options).ActingAs(actor, clock ?? TimeProvider.System);
    }
}
