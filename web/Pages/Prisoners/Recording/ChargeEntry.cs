using System.ComponentModel.DataAnnotations;
using Prison.Domain.Record;
using Prison.Web.Forms;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class ChargeEntry : RecordForm
{
    public override string Kind => "charge";

    public override string Title => "Add a charge";

    [Required(ErrorMessage = "Name the offence."), StringLength(LongText, ErrorMessage = TooLong)]
    public string? Offence { get; set; }

    [Required(ErrorMessage = "Choose a category from the list.")]
    public OffenceCategory? Category { get; set; }

    public bool Violent { get; set; }

    [Unreadable("Enter the offence date as YYYY-MM-DD."), Day]
    public DateOnly? OffenceDate { get; set; }

    public override IReadOnlyList<FormField> Fields() =>
    [
        FormField.Text(nameof(Offence), "Offence", LongText),
        FormField.Choice<OffenceCategory>(nameof(Category), "Category"),
        FormField.Check(nameof(Violent), "A violent offence"),
        FormField.Date(nameof(OffenceDate), "Offence date, if known", string.Empty),
    ];

    public override string Apply()
    {
        var offence = Offence!.Trim();
        Prisoner.RecordCharge(offence, Category!.Value, Violent, OffenceDate);
        return $"Charge of {offence} added.";
    }
}
