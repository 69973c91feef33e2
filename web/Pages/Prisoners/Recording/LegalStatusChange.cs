using System.ComponentModel.DataAnnotations;
using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class LegalStatusChange : RecordForm
{
    public override string Kind => "legal-status";

    public override string Title => "Change the legal status";

    [Required(ErrorMessage = "Choose a legal status from the list.")]
    public LegalStatus? Status { get; set; }

    public override IReadOnlyList<FormField> Fields() =>
        [FormField.Choice<LegalStatus>(nameof(Status), "Legal status", Prisoner.LegalStatus.ToString())];

    public override string Apply()
    {
        Prisoner.ChangeLegalStatus(Status!.Value);
        return $"Legal status changed to {Words.InSentence(Status.Value)}.";
    }
}
