using System.ComponentModel.DataAnnotations;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>
/// A prison's id as the select list offers them: one of the prisons of the <see cref="RecordForm"/>'s context, or for
/// an <see cref="Arrival"/> one of those the user may receive a prisoner at.
/// </summary>
[AttributeUsage(AttributeTargets.Property)]
public sealed class KnownPrisonAttribute() : ValidationAttribute("Choose a prison from the list.")
{
    /// <summary>The prisoner arrives there: only the user's own prisons are on the list.</summary>
    public bool Arrival { get; init; }

    protected override ValidationResult? IsValid(object? value, ValidationContext validationContext) =>
        value is not int id || validationContext.ObjectInstance is RecordForm form && (Arrival ? form.Context.ArrivalPrisons : form.Context.Prisons).Any(p => p.Id == id)
            ? ValidationResult.Success
            : new ValidationResult(ErrorMessageString, validationContext.MemberName is { } member ? [member] : null);
}
