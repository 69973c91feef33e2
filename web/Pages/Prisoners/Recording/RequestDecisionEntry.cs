using System.ComponentModel.DataAnnotations;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class RequestDecisionEntry : RecordForm
{
    private const string NotPending = "Choose a pending request from the list.";

    private const string NoDecision = "Choose granted or denied.";

    public override string Kind => "request-decision";

    public override string Title => "Decide a request";

    public override string Action => "Decide";

    [Required(ErrorMessage = NotPending)]
    public Guid? Entry { get; set; }

    [Required(ErrorMessage = NoDecision)]
    public RequestDecision? Decision { get; set; }

    public override bool Offers(Prisoner prisoner) => Pending(prisoner).Any();

    public override bool ActsOn(Prisoner prisoner, Entry entry) => Pending(prisoner).Any(r => r.Id == entry.Id);

    public override IReadOnlyList<FormField> Fields() =>
    [
        EntryChoice(nameof(Entry), "Request", Pending(Prisoner), r => r.ToString()),
        FormField.Choice<RequestDecision>(nameof(Decision), "Decision", offered: d => d != RequestDecision.Pending),
    ];

    public override void Validate(ModelStateDictionary errors)
    {
        OneOf(errors, nameof(Entry), Entry, Pending(Prisoner), NotPending);
        if (Fine(errors, nameof(Decision)) && Decision == RequestDecision.Pending)
        {
            errors.AddModelError(nameof(Decision), NoDecision);
        }
    }

    public override string Apply()
    {
        var request = Chosen(Entry, Pending(Prisoner));
        Prisoner.DecideRequest(request.Id, Decision!.Value);
        return $"{Words.Of(request.Type)} request {Words.InSentence(Decision.Value)}.";
    }

    private static IEnumerable<Request> Pending(Prisoner prisoner) => prisoner.Requests.Where(r => r.Decision == RequestDecision.Pending);
}
