using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>
/// Strikes out an entry made in error: kept and shown struck through with who, when and why, and ignored by
/// every rule from then on.
/// </summary>
public sealed class StrikeOut : RecordForm
{
    public override string Kind => "strike-out";

    public override string Title => "Strike out an entry made in error";

    public override string Button => "Strike out";

    public override bool Offers(Prisoner prisoner) => Live(prisoner).Any();

    public override IReadOnlyList<FormField> Fields(Prisoner prisoner, RecordContext context) =>
        [EntryChoice(EntryField, "Entry", Live(prisoner), Describe), FormField.LongText("Reason", "Why it was made in error")];

    public override string? Apply(Prisoner prisoner, RecordInput input, RecordContext context)
    {
        var entry = input.Entry(EntryField, Live(prisoner), "Choose the entry to strike out from the list.");
        var reason = input.Text("Reason", "Say why the entry was made in error.", Strike.MaxReason);
        if (!input.IsValid || entry is null)
        {
            return null;
        }

        prisoner.StrikeOut(entry.Id, new Strike(context.NowUtc, context.StaffName, reason));
        return $"Struck out: {Describe(entry)}.";
    }

    public static string Describe(Entity entry) => $"{Status.Words.Of(entry.GetType().Name)}: {entry}";

    private static IEnumerable<Entity> Live(Prisoner prisoner) => prisoner.EntriesIncludingStruck().Where(e => !e.IsStruck);
}
