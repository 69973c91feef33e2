using System.ComponentModel.DataAnnotations;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Prison.Domain;
using Prison.Domain.Record;
using Prison.Web.Wording;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>
/// Strikes out an entry made in error: kept and shown struck through with who, when and why, and ignored by
/// every rule from then on.
/// </summary>
public sealed class StrikeOut : RecordForm
{
    private const string NotLive = "Choose the entry to strike out from the list.";

    public override string Kind => "strike-out";

    public override string Title => "Strike out an entry made in error";

    public override string Button => "Strike out";

    [Required(ErrorMessage = NotLive)]
    public Guid? Entry { get; set; }

    [Required(ErrorMessage = "Say why the entry was made in error."), StringLength(Strike.MaxReason, ErrorMessage = TooLong)]
    public string? Reason { get; set; }

    public override bool Offers(Prisoner prisoner) => Live(prisoner).Any();

    public override IReadOnlyList<FormField> Fields() =>
        [EntryChoice(nameof(Entry), "Entry", Live(Prisoner), Describe), FormField.LongText(nameof(Reason), "Why it was made in error", Strike.MaxReason)];

    public override void Validate(ModelStateDictionary errors) => OneOf(errors, nameof(Entry), Entry, Live(Prisoner), NotLive);

    public override string Apply()
    {
        var entry = Chosen(Entry, Live(Prisoner));
        Prisoner.StrikeOut(entry.Id, new Strike(Context.NowUtc, Context.StaffName, Reason!.Trim()));
        return $"Struck out: {Describe(entry)}.";
    }

    private string Describe(Entry entry) => RecordWords.WithKind(entry, Context.PrisonName);

    private static IEnumerable<Entry> Live(Prisoner prisoner) => prisoner.EntriesIncludingStruck().Where(e => !e.IsStruck);
}
