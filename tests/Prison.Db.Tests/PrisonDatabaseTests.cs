using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Infrastructure;
using Npgsql;

namespace Prison.Db.Tests;

public class PrisonDatabaseTests
{
    [Fact]
    public void On_postgresql_the_most_used_statements_are_prepared()
    {
        var connection = ConnectionStringOf("Host=db.example;Username=prison;Database=prison");

        Assert.Equal(128, connection.MaxAutoPrepare);
        Assert.Equal("db.example", connection.Host);
    }

    [Fact]
    public void A_connection_string_that_sets_auto_prepare_keeps_its_value()
    {
        Assert.Equal(0, ConnectionStringOf("Host=db.example;Database=prison;Max Auto Prepare=0").MaxAutoPrepare);
    }

    [Fact]
    public void On_postgresql_a_connection_returns_to_the_pool_without_a_reset_statement()
    {
        Assert.True(ConnectionStringOf("Host=db.example;Username=prison;Database=prison").NoResetOnClose);
    }

    [Fact]
    public void A_connection_string_that_asks_for_the_reset_keeps_it()
    {
        Assert.False(ConnectionStringOf("Host=db.example;Database=prison;No Reset On Close=false").NoResetOnClose);
    }

    private static NpgsqlConnectionStringBuilder ConnectionStringOf(string configured)
    {
        var options = PrisonDatabase.Configure(new DbContextOptionsBuilder<PrisonDb>(), configured).Options;
        return new NpgsqlConnectionStringBuilder(RelationalOptionsExtension.Extract(options).ConnectionString);
    }
}
