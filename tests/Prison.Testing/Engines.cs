using Xunit;

namespace Prison.Testing;

public static class Engines
{
    public static TheoryData<Engine> Both => [Engine.PostgreSql, Engine.Sqlite];
}
