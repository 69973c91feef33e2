using System.Text.Json;
using Microsoft.EntityFrameworkCore;
using Npgsql;
using NpgsqlTypes;

namespace Prison.Db.Search;

/// <summary>The search keys of prisoners stored before there were any (migration 014), written once after migrating.</summary>
public static class PrisonerSearchKeys
{
    public const int DefaultBatchSize = 5000;

    private const string Missing = """
        SELECT p.id AS "Id", p.number AS "Number", p.name AS "Name" FROM prisoner p
        WHERE p.id > @after AND NOT EXISTS (SELECT 1 FROM prisoner_search_key k WHERE k.prisoner_id = p.id)
        ORDER BY p.id LIMIT @batch
        """;

    // Another process migrating at the same moment may have written a prisoner's keys first: its keys are as good.
    private const string InsertOnPostgreSql = """
        INSERT INTO prisoner_search_key (prisoner_id, number_key, name_key, surname_key)
        SELECT * FROM unnest(@ids, @numbers, @names, @surnames)
        ON CONFLICT (prisoner_id) DO NOTHING
        """;

    private const string InsertOnSqlite = """
        INSERT INTO prisoner_search_key (prisoner_id, number_key, name_key, surname_key)
        SELECT value ->> 'id', value ->> 'number', value ->> 'name', value ->> 'surname' FROM json_each(@keys) WHERE true
        ON CONFLICT (prisoner_id) DO NOTHING
        """;

    /// <summary>
    /// Writes the keys of every prisoner that has none, in batches of <paramref name="batchSize"/> taken in id order (each
    /// batch starts where the last ended, so a million prisoners cost a million index look-ups, not a scan per batch).
    /// Returns how many it wrote: none once every prisoner has keys, after one statement. The normalisation is .NET's
    /// (<see cref="SearchKey"/>), which is why this is not in the migration's SQL.
    /// </summary>
    public static async Task<int> AddMissingSearchKeysAsync(this PrisonDb db, int batchSize = DefaultBatchSize, CancellationToken cancellationToken = default)
    {
        var written = 0;
        var after = Guid.Empty;
        while (true)
        {
            var batch = await MissingAsync(db, after, batchSize, cancellationToken);
            if (batch.Count == 0)
            {
                return written;
            }

            var keys = batch.Select(p => PrisonerSearchKey.Of(p.Id, p.Number, p.Name)).ToList();
            await (db.IsPostgreSql
                ? db.Database.ExecuteSqlRawAsync(InsertOnPostgreSql, [
                    Array("ids", NpgsqlDbType.Uuid, keys.Select(k => k.PrisonerId)),
                    Array("numbers", NpgsqlDbType.Text, keys.Select(k => k.NumberKey)),
                    Array("names", NpgsqlDbType.Text, keys.Select(k => k.NameKey)),
                    Array("surnames", NpgsqlDbType.Text, keys.Select(k => k.SurnameKey))], cancellationToken)
                : db.Database.ExecuteSqlRawAsync(InsertOnSqlite, [new Microsoft.Data.Sqlite.SqliteParameter("keys", JsonOf(keys))], cancellationToken));
            written += keys.Count;
            after = batch[^1].Id;
        }
    }

    private static Task<List<StoredName>> MissingAsync(PrisonDb db, Guid after, int batchSize, CancellationToken cancellationToken) =>
        db.IsPostgreSql
            ? db.Database.SqlQueryRaw<StoredName>(Missing, new NpgsqlParameter("after", after), new NpgsqlParameter("batch", batchSize)).ToListAsync(cancellationToken)
            // SQLite keeps ids as EF Core's upper-case text, and compares them as text.
            : db.Database.SqlQueryRaw<StoredName>(
                Missing,
                new Microsoft.Data.Sqlite.SqliteParameter("after", after.ToString().ToUpperInvariant()),
                new Microsoft.Data.Sqlite.SqliteParameter("batch", batchSize)).ToListAsync(cancellationToken);

    private static NpgsqlParameter Array<T>(string name, NpgsqlDbType type, IEnumerable<T> values) =>
        new(name, NpgsqlDbType.Array | type) { Value = values.ToArray() };

    private static string JsonOf(IEnumerable<PrisonerSearchKey> keys) =>
        JsonSerializer.Serialize(keys.Select(k => new Dictionary<string, string>
        {
            ["id"] = k.PrisonerId.ToString().ToUpperInvariant(),
            ["number"] = k.NumberKey,
            ["name"] = k.NameKey,
            ["surname"] = k.SurnameKey,
        }));
}
