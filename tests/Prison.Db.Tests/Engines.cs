namespace Prison.Db.Tests;

internal static class Engines
{
    public static TheoryData<Engine> Both => [Engine.PostgreSql, Engine.Sqlite];
}
