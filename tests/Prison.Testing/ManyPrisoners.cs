using System.Globalization;
using Prison.Db.Search;

namespace Prison.Testing;

/// <summary>
/// Thousands of PostgreSQL prisoners written by a few statements rather than saved one aggregate at a time, which costs
/// minutes at these sizes: for a test of the plan PostgreSQL chooses at a table's size, not of how a record is saved.
/// Each is a convicted prisoner with one current stay, no entries, Unknown, and the search keys the product writes.
/// </summary>
public static class ManyPrisoners
{
    /// <param name="numberOf">The SQL text of prisoner <c>n</c>'s number (1 to <paramref name="count"/>), e.g. <c>'K' || lpad(n::text, 4, '0')</c>.</param>
    /// <param name="nameOf">The SQL text of prisoner <c>n</c>'s name.</param>
    /// <param name="prisonId">The prison, which must exist, where each is held since <paramref name="arrival"/>.</param>
    /// <param name="daysApart">Each prisoner <c>n</c> arrived <c>n</c> times this many days before <paramref name="arrival"/>.</param>
    public static async Task InsertAsync(ScratchDatabase database, int count, string numberOf, string nameOf, int prisonId, DateOnly arrival, int daysApart = 0)
    {
        var day = arrival.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture);
        await database.ExecuteAsync($"""
            CREATE TEMPORARY TABLE many_prisoners AS SELECT n, gen_random_uuid() AS id FROM generate_series(1, {count}) n;
            INSERT INTO prisoner (id, number, name, legal_status, change_version, changed_at, danger_status, danger_reasons)
            SELECT id, {numberOf}, {nameOf}, 'Convicted', 1, now(), 'Unknown', '' FROM many_prisoners;
            INSERT INTO imprisonment (id, prisoner_id, prison_id, arrival_date, arrival_reason)
            SELECT gen_random_uuid(), id, {prisonId}, DATE '{day}' - n * {daysApart}, 'NewReception' FROM many_prisoners;
            DROP TABLE many_prisoners;
            """);
        await using var db = database.Open();
        await db.AddMissingSearchKeysAsync();
    }
}
