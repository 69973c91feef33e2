using System.ComponentModel.DataAnnotations;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>A prison's id as the select list offers them: one of the prisons of the <see cref="RecordForm"/>'s context.</summary>
[AttributeUsage(AttributeTargets.Property)]
public sealed class KnownPrisonAttribute() : ValidationAttribute("Choose a prison from the list.")
{
    protected override ValidationResult? IsValid(object? value, ValidationContext validationContext) =>
        value is not int id || validationContext.ObjectInstance is RecordForm form && form.Context.Prisons.Any(p => p.Id == id)
            ? ValidationResult.Success
            : new ValidationResult(ErrorMessageString, validationContext.MemberName is { } member ? [member] : null);
}
