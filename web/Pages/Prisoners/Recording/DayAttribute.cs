using System.ComponentModel.DataAnnotations;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>
/// A day that can be true of the prisoner's record: not before <see cref="Earliest"/>, not before the prisoner was born,
/// and, unless <see cref="FutureAllowed"/>, not after today in the prison's calendar; a day that may lie ahead (a
/// hearing, the end of a ban) at most <see cref="MaxYearsAhead"/> years ahead. The prisoner and today come from the
/// <see cref="RecordForm"/> the property belongs to.
/// </summary>
[AttributeUsage(AttributeTargets.Property)]
public sealed class DayAttribute : ValidationAttribute
{
    public static readonly DateOnly Earliest = new(1900, 1, 1);

    public const int MaxYearsAhead = 10;

    public bool FutureAllowed { get; init; }

    /// <summary>For the date of birth itself.</summary>
    public bool BeforeBirthAllowed { get; init; }

    /// <summary>How the messages name the day.</summary>
    public string Subject { get; init; } = "The date";

    protected override ValidationResult? IsValid(object? value, ValidationContext validationContext)
    {
        if (value is not DateOnly day)
        {
            return ValidationResult.Success;
        }

        var form = validationContext.ObjectInstance as RecordForm
            ?? throw new InvalidOperationException($"{nameof(DayAttribute)} checks the properties of a {nameof(RecordForm)}, not of {validationContext.ObjectType.Name}.");
        var today = form.Context.Today;
        var refusal = day switch
        {
            _ when day < Earliest => $"{Subject} cannot be before {Earliest:yyyy-MM-dd}.",
            _ when !BeforeBirthAllowed && form.Prisoner.DateOfBirth is { } born && day < born =>
                $"{Subject} cannot be before the prisoner was born ({born:yyyy-MM-dd}).",
            _ when !FutureAllowed && day > today => $"{Subject} cannot be in the future: today is {today:yyyy-MM-dd} at this prison.",
            _ when FutureAllowed && day > today.AddYears(MaxYearsAhead) =>
                $"{Subject} cannot be more than {MaxYearsAhead} years ahead (after {today.AddYears(MaxYearsAhead):yyyy-MM-dd}).",
            _ => null,
        };
        return refusal is null ? ValidationResult.Success : new ValidationResult(refusal, validationContext.MemberName is { } member ? [member] : null);
    }
}
