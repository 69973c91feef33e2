using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class DetainerLodging : RecordForm
{
    public override string Kind => "detainer-lodging";

    public override string Title => "Lodge a detainer";

    public override IReadOnlyList<FormField> Fields(Prisoner prisoner, RecordContext context) =>
        [FormField.Text("Authority", "Lodged by (authority)"), FormField.Date("Lodged", "Lodged on", context.TodayText)];

    public override string? Apply(Prisoner prisoner, RecordInput input, RecordContext context)
    {
        var authority = input.Text("Authority", "Name the authority that lodged the detainer.", 200);
        var lodged = input.Date("Lodged", "the day it was lodged");
        if (!input.IsValid)
        {
            return null;
        }

        prisoner.LodgeDetainer(authority, lodged);
        return $"Detainer by {authority} lodged on {lodged:yyyy-MM-dd}.";
    }
}
