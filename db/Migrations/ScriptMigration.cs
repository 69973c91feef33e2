using System.Reflection;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>
/// A migration step whose SQL is the numbered script of the same id for the active provider
/// (Migrations/postgresql/ID.sql, Migrations/sqlite/ID.sql). The scripts are the source of the schema;
/// EF Core's migrator only runs them, keeps its history table and takes its migration lock.
/// </summary>
public abstract class ScriptMigration : Migration
{
    protected override void Up(MigrationBuilder migrationBuilder)
    {
        var id = GetType().GetCustomAttribute<MigrationAttribute>()?.Id
            ?? throw new InvalidOperationException($"{GetType().Name} has no [Migration] id.");
        migrationBuilder.Sql(MigrationScripts.Read(migrationBuilder.ActiveProvider, id));
    }

    protected override void Down(MigrationBuilder migrationBuilder) =>
        throw new NotSupportedException("Schema changes only go forward: restore a backup to go back.");
}
