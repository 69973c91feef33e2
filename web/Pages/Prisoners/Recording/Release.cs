using System.ComponentModel.DataAnnotations;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Prison.Domain;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>Release from custody: the current stay ends.</summary>
public sealed class Release : RecordForm
{
    public override string Kind => "release";

    public override string Title => "Record a release";

    [Required(ErrorMessage = "Enter the release date as YYYY-MM-DD."), Day]
    public DateOnly? Date { get; set; }

    public override bool Offers(Prisoner prisoner) => prisoner.CurrentStay is not null;

    public override IReadOnlyList<FormField> Fields() => [FormField.Date(nameof(Date), "Release date", Context.TodayText)];

    public override void Validate(ModelStateDictionary errors)
    {
        if (Prisoner.CurrentStay is not { } current)
        {
            errors.AddModelError(string.Empty, $"{Prisoner.Number} is not in custody, so cannot be released.");
            return;
        }

        NotBefore(errors, nameof(Date), Date, current.ArrivalDate, "the arrival at the current prison");
    }

    public override string Apply()
    {
        Prisoner.Release(Date!.Value);
        return $"Release on {Date:yyyy-MM-dd} recorded.";
    }
}
