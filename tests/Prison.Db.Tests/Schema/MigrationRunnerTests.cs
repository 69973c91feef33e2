using Prison.Db.Schema;

namespace Prison.Db.Tests.Schema;

public class MigrationRunnerTests
{
    public static TheoryData<SqlDialect> Dialects => [SqlDialect.PostgreSql, SqlDialect.Sqlite];

    [Theory]
    [MemberData(nameof(Dialects))]
    public async Task Applies_every_migration_to_an_empty_database(SqlDialect dialect)
    {
        await using var database = await ScratchDatabase.CreateAsync(dialect);

        var applied = await ApplyAsync(database, new MigrationRunner(dialect));

        Assert.Equal(MigrationSource.Embedded(dialect).Select(m => m.Version), applied.Select(m => m.Version));
        Assert.Equal(applied.Count, await database.CountAsync("SELECT COUNT(*) FROM schema_migrations"));
        Assert.Equal(0, await database.CountAsync("SELECT COUNT(*) FROM prisoner"));
    }

    [Theory]
    [MemberData(nameof(Dialects))]
    public async Task Applying_again_applies_nothing(SqlDialect dialect)
    {
        await using var database = await ScratchDatabase.CreateAsync(dialect);
        await ApplyAsync(database, new MigrationRunner(dialect));

        Assert.Empty(await ApplyAsync(database, new MigrationRunner(dialect)));
    }

    [Theory]
    [MemberData(nameof(Dialects))]
    public async Task Refuses_a_database_where_an_applied_migration_was_edited(SqlDialect dialect)
    {
        await using var database = await ScratchDatabase.CreateAsync(dialect);
        await ApplyAsync(database, new MigrationRunner(dialect));
        await database.ExecuteAsync("UPDATE schema_migrations SET checksum = 'edited' WHERE version = 1");

        var error = await Assert.ThrowsAsync<InvalidOperationException>(() => ApplyAsync(database, new MigrationRunner(dialect)));

        Assert.Contains("001_prisoner_record was changed after it was applied", error.Message);
    }

    [Theory]
    [MemberData(nameof(Dialects))]
    public async Task Refuses_a_database_migrated_by_a_newer_program(SqlDialect dialect)
    {
        await using var database = await ScratchDatabase.CreateAsync(dialect);
        await ApplyAsync(database, new MigrationRunner(dialect));
        await database.ExecuteAsync("INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (999, 'future', 'x', '2030-01-01')");

        var error = await Assert.ThrowsAsync<InvalidOperationException>(() => ApplyAsync(database, new MigrationRunner(dialect)));

        Assert.Contains("migration 999", error.Message);
    }

    [Theory]
    [MemberData(nameof(Dialects))]
    public async Task A_failing_migration_is_rolled_back_and_the_ones_before_it_stay(SqlDialect dialect)
    {
        await using var database = await ScratchDatabase.CreateAsync(dialect);
        var runner = new MigrationRunner(dialect, [
            new Migration(1, "first", "CREATE TABLE first_table (id integer PRIMARY KEY)"),
            new Migration(2, "broken", "CREATE TABLE second_table (id integer PRIMARY KEY); SELECT * FROM no_such_table"),
        ]);

        var error = await Assert.ThrowsAsync<InvalidOperationException>(() => ApplyAsync(database, runner));

        Assert.Contains("002_broken failed and was rolled back", error.Message);
        Assert.Equal(1, await database.CountAsync("SELECT COUNT(*) FROM schema_migrations"));
        Assert.Contains("first_table.id", await database.ColumnsAsync());
        Assert.DoesNotContain("second_table.id", await database.ColumnsAsync());
    }

    [Theory]
    [MemberData(nameof(Dialects))]
    public async Task Processes_starting_together_apply_each_migration_once(SqlDialect dialect)
    {
        await using var database = await ScratchDatabase.CreateAsync(dialect);

        var results = await Task.WhenAll(Enumerable.Range(0, 4).Select(_ => Task.Run(() => ApplyAsync(database, new MigrationRunner(dialect)))));

        var expected = MigrationSource.Embedded(dialect).Count;
        Assert.Equal(expected, results.Sum(r => r.Count));
        Assert.Equal(expected, await database.CountAsync("SELECT COUNT(*) FROM schema_migrations"));
    }

    [Fact]
    public async Task Both_dialects_create_the_same_tables_and_columns()
    {
        await using var postgres = await ScratchDatabase.CreateAsync(SqlDialect.PostgreSql);
        await using var sqlite = await ScratchDatabase.CreateAsync(SqlDialect.Sqlite);
        await ApplyAsync(postgres, new MigrationRunner(SqlDialect.PostgreSql));
        await ApplyAsync(sqlite, new MigrationRunner(SqlDialect.Sqlite));

        Assert.Equal(await postgres.ColumnsAsync(), await sqlite.ColumnsAsync());
    }

    [Fact]
    public void Refuses_migrations_numbered_with_a_gap()
    {
        var error = Assert.Throws<InvalidOperationException>(() =>
            MigrationSource.Validated([new Migration(1, "a", "SELECT 1"), new Migration(3, "c", "SELECT 1")], "test"));

        Assert.Contains("003_c", error.Message);
    }

    private static async Task<IReadOnlyList<Migration>> ApplyAsync(ScratchDatabase database, MigrationRunner runner)
    {
        await using var connection = await database.OpenAsync();
        return await runner.ApplyAsync(connection);
    }
}
