using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>An escape, an attempted escape, or an absconding (failing to return from temporary release).</summary>
public sealed class EscapeEntry : RecordForm
{
    public override string Kind => "escape";

    public override string Title => "Record an escape or absconding";

    public override IReadOnlyList<FormField> Fields(Prisoner prisoner, RecordContext context) =>
        [FormField.Choice<EscapeKind>("EscapeKind", "What happened"), FormField.Date("Date", "Date", context.TodayText)];

    public override string? Apply(Prisoner prisoner, RecordInput input, RecordContext context)
    {
        var kind = input.Choice<EscapeKind>("EscapeKind", "Choose what happened from the list.");
        var date = input.Date("Date", "the date");
        if (!input.IsValid)
        {
            return null;
        }

        prisoner.RecordEscape(date, kind);
        return $"{Status.Words.Of(kind.ToString())} on {date:yyyy-MM-dd} recorded.";
    }
}
