using System.ComponentModel.DataAnnotations;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class ContactOrderBreachEntry : RecordForm
{
    public override string Kind => "contact-order-breach";

    public override string Title => "Record a no-contact order breach";

    [Required(ErrorMessage = "Enter the date of the breach as YYYY-MM-DD."), Day]
    public DateOnly? Date { get; set; }

    [Required(ErrorMessage = "Describe the breach."), StringLength(LongText, ErrorMessage = TooLong)]
    public string? Description { get; set; }

    public override IReadOnlyList<FormField> Fields() =>
        [FormField.Date(nameof(Date), "Date", Context.TodayText), FormField.LongText(nameof(Description), "What happened", LongText)];

    public override string Apply()
    {
        Prisoner.RecordContactOrderBreach(Date!.Value, Description!.Trim());
        return $"No-contact order breach of {Date:yyyy-MM-dd} recorded.";
    }
}
