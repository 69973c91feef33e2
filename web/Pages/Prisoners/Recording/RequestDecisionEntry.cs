using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class RequestDecisionEntry : RecordForm
{
    public override string Kind => "request-decision";

    public override string Title => "Decide a request";

    public override bool Offers(Prisoner prisoner) => Pending(prisoner).Any();

    public override bool ActsOn(Prisoner prisoner, Entity entry) => Pending(prisoner).Any(r => r.Id == entry.Id);

    public override string Action => "Decide";

    public override IReadOnlyList<FormField> Fields(Prisoner prisoner, RecordContext context) =>
    [
        EntryChoice(EntryField, "Request", Pending(prisoner), r => r.ToString()),
        FormField.Choice<RequestDecision>("Decision", "Decision", offered: d => d != RequestDecision.Pending),
    ];

    public override string? Apply(Prisoner prisoner, RecordInput input, RecordContext context)
    {
        var request = input.Entry(EntryField, Pending(prisoner), "Choose a pending request from the list.");
        var decision = input.Choice<RequestDecision>("Decision", "Choose granted or denied.", d => d != RequestDecision.Pending);
        if (!input.IsValid || request is null)
        {
            return null;
        }

        prisoner.DecideRequest(request.Id, decision);
        return $"{Status.Words.Of(request.Type.ToString())} request {decision.ToString().ToLowerInvariant()}.";
    }

    private static IEnumerable<Request> Pending(Prisoner prisoner) => prisoner.Requests.Where(r => r.Decision == RequestDecision.Pending);
}
