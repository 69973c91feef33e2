using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata;
using Prison.Domain;

namespace Prison.Db.Reads;

/// <summary>
/// The collections of a prisoner's record and their bits in the prisoner's row (record_parts), which the database's
/// triggers set as entries are inserted (migration 010). A typical record fills three or four of its seventeen
/// collections, so a load reads the prisoner's row, then only those collections. On two cores shared by the database,
/// web and the worker, a dozen statements per change that came back empty held verdicts back: at 200 changes a second,
/// p50 from commit to verdict was 817 ms with them (docs/benchmarks.md).
/// </summary>
internal static class RecordParts
{
    /// <summary>
    /// Each collection's table at the position that is its bit, as the migration's scripts number them: a collection
    /// added later takes the next position, in a migration that adds its trigger; none is ever renumbered.
    /// </summary>
    private static readonly string[] Tables =
    [
        "imprisonment", "disciplinary_notice", "charge", "withdrawal_episode", "request", "court_hearing", "detainer",
        "segregation_period", "escape_record", "threat_group_membership", "intelligence_report", "drug_test",
        "self_harm_watch", "psychiatric_episode", "medication_stop", "visit_ban", "contact_order_breach",
    ];

    /// <summary>The record's collections with their bits, in bit order.</summary>
    public static IReadOnlyList<(INavigation Collection, int Bit)> Collections(IModel model) =>
        model.FindEntityType(typeof(Prisoner))!.GetNavigations()
            .Where(navigation => navigation.IsCollection)
            .Select(navigation => (Collection: navigation, Bit: BitOf(navigation.TargetEntityType.GetTableName()!)))
            .OrderBy(collection => collection.Bit)
            .ToList();

    private static int BitOf(string table)
    {
        var position = Array.IndexOf(Tables, table);
        return position >= 0
            ? 1 << position
            : throw new InvalidOperationException($"The record's table {table} has no bit in prisoner.record_parts: give it the next one in RecordParts.Tables and in a migration that adds its trigger.");
    }
}
