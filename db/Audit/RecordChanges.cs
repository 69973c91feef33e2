using System.Text.Json;
using System.Text.Json.Serialization;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.ChangeTracking;
using Microsoft.EntityFrameworkCore.Metadata;
using Prison.Db.Mappings;
using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Db.Audit;

/// <summary>
/// Reads what is about to be saved to prisoners' records from the change tracker and describes it for the audit
/// log: one entry per changed prisoner, with the values of the changed parts before and after. Because every
/// record change goes through the aggregate and <see cref="PrisonDb.SaveRecordChangesAsync"/>, this sees every
/// change, whichever form or process made it.
/// </summary>
internal static class RecordChanges
{
    /// <summary>
    /// Bookkeeping of the prisoner row that every change touches or that only the verdict writer sets: recording it
    /// would bury what staff changed under what the system did.
    /// </summary>
    private static readonly HashSet<string> Bookkeeping =
    [
        PrisonerConfiguration.ChangedAt,
        PrisonerConfiguration.DangerFacts,
        PrisonerConfiguration.DangerReasonCodes,
        PrisonerConfiguration.KnownReasons,
        PrisonerConfiguration.KnownStatus,
        PrisonerConfiguration.PrisonerKey,
        PrisonerConfiguration.RecordParts,
        PrisonerConfiguration.VerdictCause,
        PrisonerConfiguration.VerdictCauseDetail,
        nameof(Prisoner.ChangeVersion),
        nameof(Prisoner.DangerStatus),
        nameof(Prisoner.EvaluatedAtUtc),
        nameof(Prisoner.ReevaluateAtUtc),
        nameof(Prisoner.RuleSet),
    ];

    private static readonly JsonSerializerOptions Json = new() { Converters = { new JsonStringEnumConverter() } };

    /// <summary>One entry per prisoner whose record has pending changes, in the order the tracker holds them.</summary>
    /// <param name="withValues">False to say only what changed, without the values: much less to write for a bulk replay.</param>
    public static IReadOnlyList<AuditEntry> Of(ChangeTracker tracker, bool withValues = true)
    {
        var prisoners = new Dictionary<Guid, ChangedPrisoner>();
        foreach (var entry in tracker.Entries())
        {
            if (entry.State is not (EntityState.Added or EntityState.Modified or EntityState.Deleted))
            {
                continue;
            }

            var prisonerId = entry.Entity switch
            {
                Prisoner prisoner => prisoner.Id,
                Entry => Value(entry, entry.Metadata.FindProperty(PrisonerConfiguration.PrisonerKey), entry.State != EntityState.Deleted) as Guid?,
                _ => null,
            };
            if (prisonerId is not { } id)
            {
                continue;
            }

            if (!prisoners.TryGetValue(id, out var changed))
            {
                prisoners[id] = changed = new ChangedPrisoner(withValues);
            }

            changed.Add(entry);
        }

        return [.. prisoners.Select(p => p.Value.ToEntry(p.Key)).OfType<AuditEntry>()];
    }

    private static string Serialize(object parts) => JsonSerializer.Serialize(parts, Json);

    /// <remarks>
    /// The parts of an optional complex value that is absent (a stay with no sentence) read as their defaults, so
    /// the value itself is asked first. EF Core keeps no public original value of a complex property: an absent
    /// sentence given one later shows its parts' defaults as the values before.
    /// </remarks>
    private static object? Value(EntityEntry entry, IProperty? property, bool current) =>
        property switch
        {
            null => null,
            { DeclaringType: IComplexType { ComplexProperty: { IsNullable: true } complex } } when current && entry.ComplexProperty(complex).CurrentValue is null => null,
            _ => current ? entry.CurrentValues[property] : entry.OriginalValues[property],
        };

    private static bool IsAbsent(EntityEntry entry, IProperty property) =>
        property.DeclaringType is IComplexType { ComplexProperty: { IsNullable: true } complex } && entry.ComplexProperty(complex).CurrentValue is null;

    /// <summary>"DisciplinaryNotice" as "disciplinary notice", "Period.End" as "period end".</summary>
    private static string Words(string name) => string.Join(' ', name.Split('.').Select(SnakeCaseNames.Of)).Replace('_', ' ');

    private sealed class ChangedPrisoner(bool withValues)
    {
        private readonly SortedDictionary<string, SortedDictionary<string, object?>> _before = new(StringComparer.Ordinal);
        private readonly SortedDictionary<string, SortedDictionary<string, object?>> _after = new(StringComparer.Ordinal);
        private readonly List<string> _what = [];
        private string? _number;
        private bool _added;

        public void Add(EntityEntry entry)
        {
            var isPrisoner = entry.Entity is Prisoner;
            var typeName = entry.Metadata.ClrType.Name;
            var part = isPrisoner ? typeName : $"{typeName} {((Entry)entry.Entity).Id}";
            if (entry.Entity is Prisoner prisoner)
            {
                _number = prisoner.Number;
                _added = entry.State == EntityState.Added;
            }

            var before = new SortedDictionary<string, object?>(StringComparer.Ordinal);
            var after = new SortedDictionary<string, object?>(StringComparer.Ordinal);
            foreach (var property in entry.Metadata.GetFlattenedProperties())
            {
                var name = Name(property);
                if (property.IsPrimaryKey() || Bookkeeping.Contains(name))
                {
                    continue;
                }

                switch (entry.State)
                {
                    // A new entry's absent optional part (no sentence yet, not struck) is no value worth recording.
                    case EntityState.Added when IsAbsent(entry, property):
                        break;
                    case EntityState.Added:
                        after[name] = Value(entry, property, current: true);
                        break;
                    case EntityState.Deleted:
                        before[name] = Value(entry, property, current: false);
                        break;
                    default:
                        var (original, current) = (Value(entry, property, current: false), Value(entry, property, current: true));
                        if (!Equals(original, current))
                        {
                            before[name] = original;
                            after[name] = current;
                        }

                        break;
                }
            }

            if (entry.State == EntityState.Modified && after.Count == 0)
            {
                return;
            }

            if (before.Count > 0)
            {
                _before[part] = before;
            }

            if (after.Count > 0 || entry.State == EntityState.Added)
            {
                _after[part] = after;
            }

            // The prisoner's own change first, then its parts in the order they were tracked.
            _what.Insert(isPrisoner ? 0 : _what.Count, entry.State switch
            {
                EntityState.Added => $"added {Words(typeName)}",
                EntityState.Deleted => $"removed {Words(typeName)}",
                _ => $"changed {Words(typeName)} ({string.Join(", ", after.Keys.Select(Words))})",
            });
        }

        public AuditEntry? ToEntry(Guid prisonerId)
        {
            if (_what.Count == 0)
            {
                return null;
            }

            var summary = string.Join("; ", _what.Distinct());
            return AuditEntry.PrisonerChange(
                _added, prisonerId, _number, char.ToUpperInvariant(summary[0]) + summary[1..],
                withValues && _before.Count > 0 ? Serialize(_before) : null,
                withValues && _after.Count > 0 ? Serialize(_after) : null);
        }

        /// <summary>A complex type's property by its path, e.g. "Period.End", "Sentence.Months".</summary>
        private static string Name(IProperty property) =>
            property.DeclaringType is IComplexType complex ? $"{complex.ComplexProperty.Name}.{property.Name}" : property.Name;
    }
}
