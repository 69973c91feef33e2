using System.ComponentModel.DataAnnotations;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class DetainerLodging : RecordForm
{
    public override string Kind => "detainer-lodging";

    public override string Title => "Lodge a detainer";

    [Required(ErrorMessage = "Name the authority that lodged the detainer."), StringLength(ShortText, ErrorMessage = TooLong)]
    public string? Authority { get; set; }

    [Required(ErrorMessage = "Enter the day it was lodged as YYYY-MM-DD."), Day]
    public DateOnly? Lodged { get; set; }

    public override IReadOnlyList<FormField> Fields() =>
        [FormField.Text(nameof(Authority), "Lodged by (authority)", ShortText), FormField.Date(nameof(Lodged), "Lodged on", Context.TodayText)];

    public override string Apply()
    {
        var authority = Authority!.Trim();
        Prisoner.LodgeDetainer(authority, Lodged!.Value);
        return $"Detainer by {authority} lodged on {Lodged:yyyy-MM-dd}.";
    }
}
