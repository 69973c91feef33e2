using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>The sentence being served in the current stay: a number of months, or life.</summary>
public sealed class SentenceEntry : RecordForm
{
    public const int MaxMonths = 1200;

    public override string Kind => "sentence";

    public override string Title => "Record the sentence";

    public override bool Offers(Prisoner prisoner) => prisoner.CurrentImprisonment is not null;

    public override IReadOnlyList<FormField> Fields(Prisoner prisoner, RecordContext context) =>
        [FormField.Number("Months", "Length in months"), FormField.Check("Life", "Life sentence (leave the length empty)")];

    public override string? Apply(Prisoner prisoner, RecordInput input, RecordContext context)
    {
        var life = input.Check("Life");
        var sentence = life ? Sentence.Life : null;
        if (!life)
        {
            var months = input.Number("Months", $"Enter the length in whole months, from 1 to {MaxMonths}, or tick life sentence.", 1, MaxMonths);
            sentence = Sentence.OfMonths(months);
        }
        else if (!string.IsNullOrWhiteSpace(input.Raw("Months")))
        {
            input.Refuse("Months", "A life sentence has no length: leave this empty.");
        }

        if (!input.IsValid || sentence is null)
        {
            return null;
        }

        prisoner.Sentence(sentence);
        return $"Sentence of {sentence} recorded.";
    }
}
