using Microsoft.Extensions.Configuration;
using Prison.Db;

namespace Prison.Worker.Hosting;

/// <summary>
/// Where the product's servers are, from standard configuration (appsettings, environment variables such as
/// ConnectionStrings__Prison and RabbitMq__Host). Nothing configured means the embedded mode: a SQLite file,
/// MassTransit's in-memory transport and Hangfire's in-memory storage, all in one process.
/// </summary>
public sealed record PrisonSettings(string ConnectionString, bool IsEmbeddedDatabase, RabbitMqSettings? RabbitMq)
{
    /// <summary>Every configuration key the product reads (docker-compose.yml sets these; a test checks it).</summary>
    public static readonly IReadOnlyList<string> Keys =
    [
        "ConnectionStrings:Prison", "ConnectionStrings:PrisonOwner", "Database:ApplicationRole", "RabbitMq:Host", "RabbitMq:Port", "RabbitMq:VirtualHost", "RabbitMq:Username", "RabbitMq:Password", "RabbitMq:QueuePrefix",
        "Prison:TimeZone", "Prison:DataFolder", "Rules:Disabled", "Rules:Folder", "Jobs:UnknownThreshold", "Jobs:NightlyCron", "Jobs:BatchSize", "Jobs:TakeOverAfter", "Demo:Seed",
        "Demo:Password", "SignIn:SecureCookies", "SignIn:AttemptsPerMinute", "SignIn:RequireTwoFactorFor", "Import:MaxReleaseShare",
        "DataProtection:CertificatePath", "DataProtection:CertificatePassword", "DataProtection:CertificateThumbprint",
        "Metrics:Url", "OpenTelemetry:Endpoint", "OpenTelemetry:Protocol",
    ];

    public bool IsEmbedded => IsEmbeddedDatabase && RabbitMq is null;

    /// <summary>The key <see cref="ConnectionString"/> was read from, for messages about it.</summary>
    public string ConnectionKey { get; init; } = "ConnectionStrings:Prison";

    /// <summary>
    /// Database:ApplicationRole, the PostgreSQL role web and worker connect as, when it is not the schema's owner:
    /// migrate grants it what they use, and nothing else changes the schema (Hangfire's included). Null: one role does all.
    /// </summary>
    public string? ApplicationRole { get; init; }

    /// <summary>The embedded mode's folder, holding prison.db; null when ConnectionStrings:Prison names the database.</summary>
    public string? DataFolder { get; init; }

    /// <summary>The folder and its database, as both processes say at start.</summary>
    public string? DataFolderAnnouncement => DataFolder is null ? null : $"Data folder: {DataFolder} (the embedded database, prison.db; Prison:DataFolder chooses another)";

    /// <param name="asOwner">
    /// For migrate: connect with ConnectionStrings:PrisonOwner, the role that owns the schema, when it is set. Web and
    /// worker never read it, so a deployment need not give them the owner's password.
    /// </param>
    public static PrisonSettings From(IConfiguration configuration, string contentRoot, bool asOwner = false)
    {
        var owner = asOwner ? configuration.GetConnectionString("PrisonOwner") : null;
        var configured = string.IsNullOrWhiteSpace(owner) ? configuration.GetConnectionString("Prison") : owner;
        var key = string.IsNullOrWhiteSpace(owner) ? "ConnectionStrings:Prison" : "ConnectionStrings:PrisonOwner";
        var rabbit = RabbitMqSettings.From(configuration);
        var role = configuration["Database:ApplicationRole"] is { } named && !string.IsNullOrWhiteSpace(named) ? named.Trim() : null;
        if (!string.IsNullOrWhiteSpace(configured))
        {
            var sqlite = PrisonDatabase.IsSqlite(configured);
            return sqlite && role is not null
                ? throw new StartupException($"Database:ApplicationRole is '{role}', but {key} names a SQLite database, which has no roles: leave Database:ApplicationRole unset.")
                : new PrisonSettings(configured, sqlite, rabbit) { ConnectionKey = key, ApplicationRole = role };
        }

        if (role is not null)
        {
            throw new StartupException($"Database:ApplicationRole is '{role}', but no PostgreSQL database is configured (ConnectionStrings:Prison): the embedded database has no roles.");
        }

        var folder = configuration["Prison:DataFolder"] is { Length: > 0 } chosen ? Path.GetFullPath(chosen, contentRoot) : DefaultDataFolder();
        return new PrisonSettings(PrisonDatabase.SqliteFile(folder), true, rabbit) { DataFolder = folder };
    }

    /// <summary>
    /// The embedded mode's folder when Prison:DataFolder names none: the user's own application data
    /// (~/.local/share/prison-dashboard on Linux, %LOCALAPPDATA%\prison-dashboard on Windows). One folder for web and
    /// every command of the worker, whatever folder each is started from, so what the worker imports is what web shows.
    /// </summary>
    public static string DefaultDataFolder()
    {
        var root = Environment.GetFolderPath(Environment.SpecialFolder.LocalApplicationData, Environment.SpecialFolderOption.DoNotVerify);
        return root.Length > 0
            ? Path.Combine(root, "prison-dashboard")
            : throw new StartupException("This user has no application data folder (HOME is not set): set Prison:DataFolder to the folder of the embedded database.");
    }
}
