using Microsoft.Extensions.Configuration;
using Prison.Db;
using Prison.Db.Migrations;

namespace Prison.ServiceDefaults;

/// <summary>
/// Where the product's servers are, from standard configuration (appsettings, environment variables such as
/// ConnectionStrings__Prison and RabbitMq__Host). Nothing configured means the embedded mode: a SQLite file,
/// MassTransit's in-memory transport and Hangfire's in-memory storage, all in one process.
/// </summary>
public sealed record PrisonSettings(string ConnectionString, bool IsEmbeddedDatabase, RabbitMqSettings? RabbitMq)
{
    /// <summary>
    /// Every configuration key the product reads: docs/configuration.md documents exactly these, and each is read by
    /// the code (tests hold all three equal); docker-compose.yml sets only these.
    /// </summary>
    public static readonly IReadOnlyList<string> Keys =
    [
        "ConnectionStrings:Prison", "ConnectionStrings:PrisonOwner", "Database:ApplicationRole", "Database:WebRole", "Database:WorkerRole", "Database:CommandLineRole", "RabbitMq:Host", "RabbitMq:Port", "RabbitMq:VirtualHost", "RabbitMq:Username", "RabbitMq:Password", "RabbitMq:QueuePrefix", "RabbitMq:Tls",
        "Prison:TimeZone", "Prison:DataFolder", "Prison:Production", "Prison:SecretsFolder", "Rules:Disabled", "Rules:Folder", "Jobs:UnknownThreshold", "Jobs:NightlyCron", "Jobs:BatchSize", "Jobs:TakeOverAfter", "Events:Retention",
        "Demo:Password", "SignIn:SecureCookies", "ForwardedHeaders:KnownProxies", "ForwardedHeaders:KnownNetworks", "SignIn:AttemptsPerMinute", "Downloads:AtOncePerUser", "Downloads:AtOnceInAll", "SinceLastShift:LongestSpan", "SignIn:RequireTwoFactorFor", "SignIn:SystemUseNotice",
        "SignIn:IdleTimeout", "SignIn:AbsoluteLifetime", "SignIn:UnknownNamesKept", "Import:MaxReleaseShare",
        "DataProtection:CertificatePath", "DataProtection:CertificatePassword", "DataProtection:CertificateThumbprint", "DataProtection:AllowUnencryptedKeys",
        "Metrics:Port", "Metrics:Address", "OpenTelemetry:Endpoint", "OpenTelemetry:Protocol", "Dashboard:StampReuse",
        "Api:TokenLifetime", "Api:RequestsPerMinute", "Api:ExternalIssuer:Address", "Api:ExternalIssuer:Audience", "Api:ExternalIssuer:ClientClaim",
    ];

    /// <summary>A folder of files each named after a setting (RabbitMq__Password) and holding its value: Docker's secrets.</summary>
    public const string SecretsFolderKey = "Prison:SecretsFolder";

    /// <summary>Keys no longer read: a start that sets one is refused with a sentence naming what replaced it.</summary>
    public static readonly IReadOnlyList<string> RetiredKeys = ["Metrics:Url"];

    /// <summary>Set by the published images: a start that must not fall back to the embedded demo or run unprotected.</summary>
    public const string ProductionKey = "Prison:Production";

    public bool IsEmbedded => IsEmbeddedDatabase && RabbitMq is null;

    /// <summary>Whether this start is meant for production (<see cref="ProductionKey"/>).</summary>
    public bool IsProduction { get; init; }

    /// <summary>The embedded mode outside production: demo data and users, cookies and HSTS for plain http://localhost.</summary>
    public bool IsDemo => IsEmbedded && !IsProduction;

    /// <summary>The key <see cref="ConnectionString"/> was read from, for messages about it.</summary>
    public string ConnectionKey { get; init; } = "ConnectionStrings:Prison";

    /// <summary>
    /// Database:ApplicationRole, the PostgreSQL role web and worker connect as, when it is not the schema's owner:
    /// migrate grants it what they use, and nothing else changes the schema (Hangfire's included). Null: one role does all.
    /// </summary>
    public string? ApplicationRole { get; init; }

    /// <summary>
    /// The roles migrate grants, each with what its process needs: Database:ApplicationRole (one role for every process)
    /// and Database:WebRole, :WorkerRole and :CommandLineRole (a role for each).
    /// </summary>
    public static readonly IReadOnlyList<(string Key, ProcessKind Process)> RoleKeys =
    [
        ("Database:ApplicationRole", ProcessKind.Every), ("Database:WebRole", ProcessKind.Web),
        ("Database:WorkerRole", ProcessKind.Worker), ("Database:CommandLineRole", ProcessKind.CommandLine),
    ];

    /// <summary>The roles of <see cref="RoleKeys"/> the configuration names, for migrate to grant.</summary>
    public IReadOnlyList<(string Key, string Role, ProcessKind Process)> RolesToGrant { get; init; } = [];

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
        var production = IsOn(configuration, ProductionKey);
        var role = configuration["Database:ApplicationRole"] is { } named && !string.IsNullOrWhiteSpace(named) ? named.Trim() : null;
        var roles = RolesNamed(configuration);
        if (!string.IsNullOrWhiteSpace(configured))
        {
            var sqlite = PrisonDatabase.IsSqlite(configured);
            return sqlite && roles.Count > 0
                ? throw new StartupException($"{roles[0].Key} is '{roles[0].Role}', but {key} names a SQLite database, which has no roles: leave {roles[0].Key} unset.")
                : new PrisonSettings(configured, sqlite, rabbit) { ConnectionKey = key, ApplicationRole = role, RolesToGrant = roles, IsProduction = production };
        }

        if (roles.Count > 0)
        {
            throw new StartupException($"{roles[0].Key} is '{roles[0].Role}', but no PostgreSQL database is configured (ConnectionStrings:Prison): the embedded database has no roles.");
        }

        if (production)
        {
            throw new StartupException($"{ProductionKey} is true but ConnectionStrings:Prison is not set: a production start needs its database and does not fall back to the embedded demo.");
        }

        var folder = configuration["Prison:DataFolder"] is { Length: > 0 } chosen ? Path.GetFullPath(chosen, contentRoot) : DefaultDataFolder();
        return new PrisonSettings(PrisonDatabase.SqliteFile(folder), true, rabbit) { DataFolder = folder };
    }

    private static List<(string Key, string Role, ProcessKind Process)> RolesNamed(IConfiguration configuration)
    {
        var roles = RoleKeys
            .Where(role => !string.IsNullOrWhiteSpace(configuration[role.Key]))
            .Select(role => (role.Key, Role: configuration[role.Key]!.Trim(), role.Process))
            .ToList();
        // One process's rights on a role would be taken back by the next's grant.
        return roles.GroupBy(role => role.Role, StringComparer.Ordinal).FirstOrDefault(same => same.Count() > 1) is { } shared
            ? throw new StartupException($"{string.Join(" and ", shared.Select(role => role.Key))} all name '{shared.Key}': give each process a role of its own.")
            : roles;
    }

    /// <summary>A true or false setting, false when absent; any other text stops the start with one sentence.</summary>
    public static bool IsOn(IConfiguration configuration, string key) => configuration[key] switch
    {
        null or "" => false,
        var text when bool.TryParse(text, out var on) => on,
        var text => throw new StartupException($"{key} is \"{text}\": it must be true or false."),
    };

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
