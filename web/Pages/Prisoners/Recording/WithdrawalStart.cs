using System.ComponentModel.DataAnnotations;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class WithdrawalStart : RecordForm
{
    public override string Kind => "withdrawal-start";

    public override string Title => "Start a withdrawal episode";

    [Required(ErrorMessage = "Enter the start date as YYYY-MM-DD."), Day]
    public DateOnly? Start { get; set; }

    [Required(ErrorMessage = "Name the substance."), StringLength(ShortText, ErrorMessage = TooLong)]
    public string? Substance { get; set; }

    public override IReadOnlyList<FormField> Fields() =>
        [FormField.Date(nameof(Start), "Start date", Context.TodayText), FormField.Text(nameof(Substance), "Substance", ShortText)];

    public override string Apply()
    {
        var substance = Substance!.Trim();
        Prisoner.StartWithdrawal(Start!.Value, substance);
        return $"{substance} withdrawal from {Start:yyyy-MM-dd} recorded.";
    }
}
