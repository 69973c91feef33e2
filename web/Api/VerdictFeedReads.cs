using System.Globalization;
using Microsoft.EntityFrameworkCore;
using Prison.Db;

namespace Prison.Web.Api;

public static class VerdictFeedReads
{
    /// <summary>
    /// A prison's verdict changes after <paramref name="after"/> (a cursor this read gave, "TX_ID"; null from the
    /// first), in the order they became visible, at most <paramref name="limit"/>, in one statement over
    /// <c>verdict_change_feed</c>. On PostgreSQL only the changes of transactions older than every one still running
    /// (migration 034): a change committed later always sorts after every change this read returns.
    /// </summary>
    public static async Task<IReadOnlyList<VerdictFeedRow>> VerdictFeedAsync(this PrisonDb db, int prisonId, (long Tx, long Id) after, int limit, CancellationToken cancellationToken = default)
    {
        var rows = db.IsPostgreSql
            ? db.Database.SqlQuery<VerdictFeedRow>($"""
                SELECT c.id AS "Id", c.tx::text AS "Tx", c.prisoner_id AS "PrisonerId", p.number AS "Number", c.at AS "AtUtc",
                       c.from_status AS "FromStatus", c.to_status AS "ToStatus", c.reasons AS "Reasons", c.change_version AS "ChangeVersion", c.rule_set AS "RuleSet"
                FROM verdict_change c JOIN prisoner p ON p.id = c.prisoner_id
                WHERE c.prison_id = {prisonId} AND (c.tx, c.id) > ({after.Tx.ToString(CultureInfo.InvariantCulture)}::xid8, {after.Id})
                  AND c.tx < pg_snapshot_xmin(pg_current_snapshot())
                ORDER BY c.tx, c.id
                LIMIT {limit}
                """)
            : db.Database.SqlQuery<VerdictFeedRow>($"""
                SELECT c.id AS "Id", CAST(c.tx AS TEXT) AS "Tx", c.prisoner_id AS "PrisonerId", p.number AS "Number", c.at AS "AtUtc",
                       c.from_status AS "FromStatus", c.to_status AS "ToStatus", c.reasons AS "Reasons", c.change_version AS "ChangeVersion", c.rule_set AS "RuleSet"
                FROM verdict_change c JOIN prisoner p ON p.id = c.prisoner_id
                WHERE c.prison_id = {prisonId} AND (c.tx, c.id) > ({after.Tx}, {after.Id})
                ORDER BY c.tx, c.id
                LIMIT {limit}
                """);
        return [.. (await rows.ToListAsync(cancellationToken)).Select(r => r with { AtUtc = DateTime.SpecifyKind(r.AtUtc, DateTimeKind.Utc) })];
    }

    /// <summary>Reads a cursor made by <see cref="VerdictFeedRow.Cursor"/>.</summary>
    public static bool TryParseCursor(string? token, out (long Tx, long Id) cursor)
    {
        cursor = (0, 0);
        var parts = token?.Split('_');
        if (parts is not { Length: 2 }
            || !long.TryParse(parts[0], NumberStyles.None, CultureInfo.InvariantCulture, out var tx)
            || !long.TryParse(parts[1], NumberStyles.None, CultureInfo.InvariantCulture, out var id))
        {
            return false;
        }

        cursor = (tx, id);
        return true;
    }
}
