using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class LegalStatusChange : RecordForm
{
    public override string Kind => "legal-status";

    public override string Title => "Change the legal status";

    public override IReadOnlyList<FormField> Fields(Prisoner prisoner, RecordContext context) =>
        [FormField.Choice<LegalStatus>("Status", "Legal status", prisoner.LegalStatus.ToString())];

    public override string? Apply(Prisoner prisoner, RecordInput input, RecordContext context)
    {
        var status = input.Choice<LegalStatus>("Status", "Choose a legal status from the list.");
        if (!input.IsValid)
        {
            return null;
        }

        prisoner.ChangeLegalStatus(status);
        return $"Legal status changed to {Status.Words.Of(status.ToString()).ToLowerInvariant()}.";
    }
}
