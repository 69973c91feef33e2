using Microsoft.EntityFrameworkCore;

namespace Prison.Db.Tests.Mappings;

/// <summary>
/// The SQL scripts are the schema; the EF Core model must describe exactly that schema. A database built from the
/// migrations and one built from the model (GenerateCreateScript) must have the same tables, columns, types,
/// nullability and indexes.
/// </summary>
public class SchemaDriftTests
{
    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task The_mappings_describe_the_schema_the_migrations_build(Engine engine)
    {
        await using var fromMigrations = await ScratchDatabase.MigratedAsync(engine);
        await using var fromModel = await ScratchDatabase.CreateAsync(engine);
        await using (var db = fromModel.Open())
        {
            await fromModel.ExecuteAsync(db.Database.GenerateCreateScript());
        }

        var expected = await DescribeAsync(fromMigrations);
        var actual = await DescribeAsync(fromModel);

        Assert.NotEmpty(expected);
        Assert.Equal(expected, actual);
        if (engine == Engine.PostgreSql)
        {
            Assert.Contains("column prisoner_search_key.name_key character varying(400) NO collate C", expected);
        }
    }

    private static async Task<IReadOnlyList<string>> DescribeAsync(ScratchDatabase database)
    {
        var sql = database.Engine == Engine.PostgreSql
            ? """
              SELECT 'column ' || table_name || '.' || column_name || ' ' || data_type || coalesce('(' || character_maximum_length || ')', '') || ' ' || is_nullable
                     || coalesce(' collate ' || collation_name, '')
              FROM information_schema.columns WHERE table_schema = 'public' AND table_name NOT LIKE '\_\_EF%'
              UNION ALL
              SELECT 'index ' || indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename NOT LIKE '\_\_EF%'
              """
            : """
              SELECT 'column ' || m.name || '.' || c.name || ' ' || c.type || ' ' || CASE WHEN c."notnull" = 1 OR c.pk > 0 THEN 'NO' ELSE 'YES' END || CASE WHEN c.pk > 0 THEN ' key' ELSE '' END
              FROM sqlite_master m JOIN pragma_table_info(m.name) c
              WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name NOT LIKE '\_\_EF%' ESCAPE '\'
              UNION ALL
              SELECT 'index ' || m.name || ' on ' || m.tbl_name || ' unique=' || l."unique" || ' partial=' || l.partial || ' (' ||
                     (SELECT group_concat(coalesce(x.name, '?') || CASE WHEN x."desc" = 1 THEN ' DESC' ELSE '' END, ', ') FROM pragma_index_xinfo(m.name) x WHERE x.key = 1) || ')'
              FROM sqlite_master m JOIN pragma_index_list(m.tbl_name) l ON l.name = m.name
              WHERE m.type = 'index' AND m.name NOT LIKE 'sqlite_autoindex%'
              """;
        return (await database.RowsAsync(sql)).Select(r => r[0]).Order(StringComparer.Ordinal).ToList();
    }
}
