using Microsoft.Extensions.Configuration;
using Prison.Db;

namespace Prison.Worker.Hosting;

/// <summary>
/// Where the product's servers are, from standard configuration (appsettings, environment variables such as
/// ConnectionStrings__Prison and RabbitMq__Host). Nothing configured means the embedded mode: a SQLite file,
/// MassTransit's in-memory transport and Quartz's in-memory store, all in one process.
/// </summary>
public sealed record PrisonSettings(string ConnectionString, bool IsEmbeddedDatabase, RabbitMqSettings? RabbitMq)
{
    /// <summary>Every configuration key the product reads (docker-compose.yml sets these; a test checks it).</summary>
    public static readonly IReadOnlyList<string> Keys =
    [
        "ConnectionStrings:Prison", "RabbitMq:Host", "RabbitMq:Port", "RabbitMq:VirtualHost", "RabbitMq:Username", "RabbitMq:Password", "RabbitMq:QueuePrefix",
        "Prison:TimeZone", "Prison:DataFolder", "Rules:Disabled", "Rules:Folder", "Jobs:UnknownThreshold", "Jobs:NightlyCron", "Jobs:BatchSize", "Demo:Seed",
        "Demo:Password", "SignIn:SecureCookies", "Import:MaxReleaseShare",
    ];

    public bool IsEmbedded => IsEmbeddedDatabase && RabbitMq is null;

    public static PrisonSettings From(IConfiguration configuration, string contentRoot)
    {
        var configured = configuration.GetConnectionString("Prison");
        var embedded = string.IsNullOrWhiteSpace(configured);
        var connection = embedded
            ? PrisonDatabase.SqliteFile(Path.Combine(contentRoot, configuration["Prison:DataFolder"] ?? "data"))
            : configured!;
        return new PrisonSettings(connection, embedded || PrisonDatabase.IsSqlite(connection), RabbitMqSettings.From(configuration));
    }
}
