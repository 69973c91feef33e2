using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class ContactOrderBreachEntry : RecordForm
{
    public override string Kind => "contact-order-breach";

    public override string Title => "Record a no-contact order breach";

    public override IReadOnlyList<FormField> Fields(Prisoner prisoner, RecordContext context) =>
        [FormField.Date("Date", "Date", context.TodayText), FormField.LongText("Description", "What happened")];

    public override string? Apply(Prisoner prisoner, RecordInput input, RecordContext context)
    {
        var date = input.Date("Date", "the date of the breach");
        var description = input.Text("Description", "Describe the breach.");
        if (!input.IsValid)
        {
            return null;
        }

        prisoner.RecordContactOrderBreach(date, description);
        return $"No-contact order breach of {date:yyyy-MM-dd} recorded.";
    }
}
