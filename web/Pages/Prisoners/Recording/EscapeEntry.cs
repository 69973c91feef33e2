using System.ComponentModel.DataAnnotations;
using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>An escape, an attempted escape, or an absconding (failing to return from temporary release).</summary>
public sealed class EscapeEntry : RecordForm
{
    public override string Kind => "escape";

    public override string Title => "Record an escape or absconding";

    [Required(ErrorMessage = "Choose what happened from the list.")]
    public EscapeKind? EscapeKind { get; set; }

    [Required(ErrorMessage = "Enter the date as YYYY-MM-DD."), Day]
    public DateOnly? Date { get; set; }

    public override IReadOnlyList<FormField> Fields() =>
        [FormField.Choice<EscapeKind>(nameof(EscapeKind), "What happened"), FormField.Date(nameof(Date), "Date", Context.TodayText)];

    public override string Apply()
    {
        Prisoner.RecordEscape(Date!.Value, EscapeKind!.Value);
        return $"{Words.Of(EscapeKind.Value)} on {Date:yyyy-MM-dd} recorded.";
    }
}
