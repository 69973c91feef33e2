using Microsoft.EntityFrameworkCore.Metadata;
using Prison.Domain;

namespace Prison.Db.Reads;

/// <summary>
/// The bit each collection of the record has in prisoner.record_parts, as its mapping declares it
/// (<see cref="Mappings.RecordConfiguration{T}"/>) and its migration's trigger sets it, so a load reads only the
/// collections a record fills.
/// </summary>
public static class RecordParts
{
    /// <summary>The annotation of an entry's entity type that holds the position of its bit.</summary>
    public const string Annotation = "Prison.RecordPart";

    /// <summary>The record's collections with their bits, in bit order.</summary>
    public static IReadOnlyList<(INavigation Collection, int Bit)> Collections(IModel model) =>
        model.FindEntityType(typeof(Prisoner))!.GetNavigations()
            .Where(navigation => navigation.IsCollection)
            .Select(navigation => (Collection: navigation, Bit: BitOf(navigation.TargetEntityType)))
            .OrderBy(collection => collection.Bit)
            .ToList();

    /// <summary>The bit of an entry's collection, as its mapping declares it.</summary>
    public static int BitOf(IReadOnlyEntityType entry) =>
        entry.FindAnnotation(Annotation)?.Value is int position
            ? 1 << position
            : throw new InvalidOperationException($"{entry.ClrType.Name} has no bit in prisoner.record_parts: its mapping declares none.");
}
