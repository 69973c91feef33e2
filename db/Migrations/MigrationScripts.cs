namespace Prison.Db.Migrations;

/// <summary>The numbered SQL scripts embedded in this assembly, one folder per provider.</summary>
public static class MigrationScripts
{
    public static string Read(string? provider, string id)
    {
        var folder = provider switch
        {
            PrisonDatabase.PostgreSqlProvider => "postgresql",
            PrisonDatabase.SqliteProvider => "sqlite",
            _ => throw new NotSupportedException($"No migration scripts for the database provider '{provider}'."),
        };
        var resource = $"migrations/{folder}/{id}.sql";
        using var stream = typeof(MigrationScripts).Assembly.GetManifestResourceStream(resource)
            ?? throw new InvalidOperationException($"The migration script {resource} is not embedded in {typeof(MigrationScripts).Assembly.GetName().Name}.");
        using var reader = new StreamReader(stream);
        return reader.ReadToEnd();
    }
}
