using System.ComponentModel.DataAnnotations;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Prison.Domain;
using Prison.Domain.Record;
using Prison.Web.Forms;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>The sentence being served in the current stay: a number of months, or life.</summary>
public sealed class SentenceEntry : RecordForm
{
    public const int MaxMonths = 1200;

    private const string LengthMessage = "Enter the length in whole months, from 1 to 1200, or tick life sentence.";

    public override string Kind => "sentence";

    public override string Title => "Record the sentence";

    [Range(1, MaxMonths, ErrorMessage = LengthMessage), Unreadable(LengthMessage)]
    public int? Months { get; set; }

    public bool Life { get; set; }

    public override bool Offers(Prisoner prisoner) => prisoner.CurrentStay is not null;

    public override IReadOnlyList<FormField> Fields() =>
        [FormField.Number(nameof(Months), "Length in months"), FormField.Check(nameof(Life), "Life sentence (leave the length empty)")];

    public override void Validate(ModelStateDictionary errors)
    {
        if (Prisoner.CurrentStay is null)
        {
            errors.AddModelError(string.Empty, $"{Prisoner.Number} is not in custody, so has no sentence to record.");
        }

        if (!Fine(errors, nameof(Months)))
        {
            return;
        }

        if (Life && Months is not null)
        {
            errors.AddModelError(nameof(Months), "A life sentence has no length: leave this empty.");
        }
        else if (!Life && Months is null)
        {
            errors.AddModelError(nameof(Months), LengthMessage);
        }
    }

    public override string Apply()
    {
        var sentence = Life ? Sentence.Life : Sentence.OfMonths(Months!.Value);
        Prisoner.Sentence(sentence);
        return $"Sentence of {sentence} recorded.";
    }
}
