using System.Text.RegularExpressions;
using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Wording;

/// <summary>
/// Entries of a record and the facts a rule fired on, as staff read them: a prison by its name, never its number.
/// The domain knows prisons by id only, so its own texts say "prison 3"; every page shows them through here.
/// </summary>
public static partial class RecordWords
{
    /// <summary>An entry in words: a stay with its prison's name, anything else as the record says it.</summary>
    public static string Of(Entry entry, Func<int, string> prisonName) => entry switch
    {
        Stay stay =>
            $"{Words.Of(stay.ArrivalReason)} at {prisonName(stay.PrisonId)} on {stay.ArrivalDate:yyyy-MM-dd}"
            + (stay.LeftOn is { } left ? $", left {left:yyyy-MM-dd}" : ", still held")
            + (stay.Sentence is { } sentence ? $"; sentence {sentence}" : string.Empty),
        _ => entry.ToString() ?? string.Empty,
    };

    /// <summary>An entry with what kind of entry it is first: "Disciplinary notice: Weapon notice of …".</summary>
    public static string WithKind(Entry entry, Func<int, string> prisonName) => $"{Words.Of(entry.GetType().Name)}: {Of(entry, prisonName)}";

    /// <summary>A fact as the worker stored it, with every "prison N" it mentions named.</summary>
    public static string Fact(string fact, Func<int, string> prisonName) =>
        PrisonMention().Replace(fact, match => prisonName(int.Parse(match.Groups[1].Value, System.Globalization.CultureInfo.InvariantCulture)));

    [GeneratedRegex(@"\bprison (\d{1,9})\b")]
    private static partial Regex PrisonMention();
}
