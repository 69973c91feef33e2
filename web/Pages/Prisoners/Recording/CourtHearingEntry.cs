using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>A court hearing, usually one to come, so the date may be in the future.</summary>
public sealed class CourtHearingEntry : RecordForm
{
    public override string Kind => "court-hearing";

    public override string Title => "Add a court hearing";

    public override IReadOnlyList<FormField> Fields(Prisoner prisoner, RecordContext context) =>
        [FormField.Date("Date", "Hearing date", string.Empty), FormField.Text("Court", "Court")];

    public override string? Apply(Prisoner prisoner, RecordInput input, RecordContext context)
    {
        var date = input.Date("Date", "the hearing date", futureAllowed: true);
        var court = input.Text("Court", "Name the court.", 200);
        if (!input.IsValid)
        {
            return null;
        }

        prisoner.ScheduleCourtHearing(date, court);
        return $"Hearing at {court} on {date:yyyy-MM-dd} added.";
    }
}
