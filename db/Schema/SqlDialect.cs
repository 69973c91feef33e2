namespace Prison.Db.Schema;

public enum SqlDialect
{
    PostgreSql,
    Sqlite,
}
