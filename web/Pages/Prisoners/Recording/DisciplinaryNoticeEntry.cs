using System.ComponentModel.DataAnnotations;
using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>A disciplinary notice: what staff record most, so the prisoner page carries this form itself (posting here).</summary>
public sealed class DisciplinaryNoticeEntry : RecordForm
{
    public override string Kind => "disciplinary-notice";

    public override string Title => "Record a disciplinary notice";

    public override string Button => "Record notice";

    [Required(ErrorMessage = "Choose a notice type from the list.")]
    public NoticeType? Type { get; set; }

    [Required(ErrorMessage = "Enter the date of the notice as YYYY-MM-DD."), Day]
    public DateOnly? Date { get; set; }

    [Required(ErrorMessage = "Describe what happened."), StringLength(LongText, ErrorMessage = TooLong)]
    public string? Description { get; set; }

    public override IReadOnlyList<FormField> Fields() =>
    [
        FormField.Choice<NoticeType>(nameof(Type), "Type"),
        FormField.Date(nameof(Date), "Date", Context.TodayText),
        FormField.LongText(nameof(Description), "What happened", LongText),
    ];

    public override string Apply()
    {
        Prisoner.RecordDisciplinaryNotice(Date!.Value, Type!.Value, Description!.Trim());
        return $"{Words.Of(Type.Value)} notice of {Date:yyyy-MM-dd} recorded.";
    }
}
