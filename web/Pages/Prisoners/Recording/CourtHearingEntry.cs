using System.ComponentModel.DataAnnotations;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>A court hearing, usually one to come, so the date may be in the future.</summary>
public sealed class CourtHearingEntry : RecordForm
{
    public override string Kind => "court-hearing";

    public override string Title => "Add a court hearing";

    [Required(ErrorMessage = "Enter the hearing date as YYYY-MM-DD."), Day(FutureAllowed = true)]
    public DateOnly? Date { get; set; }

    [Required(ErrorMessage = "Name the court."), StringLength(ShortText, ErrorMessage = TooLong)]
    public string? Court { get; set; }

    public override IReadOnlyList<FormField> Fields() =>
        [FormField.Date(nameof(Date), "Hearing date", string.Empty), FormField.Text(nameof(Court), "Court", ShortText)];

    public override string Apply()
    {
        var court = Court!.Trim();
        Prisoner.ScheduleCourtHearing(Date!.Value, court);
        return $"Hearing at {court} on {Date:yyyy-MM-dd} added.";
    }
}
