namespace Prison.Domain.Record;

/// <summary>A request by the prisoner (temporary leave, parole, transfer, visit), dated when it was made.</summary>
public sealed class Request : Entry
{
    private Request()
    {
    }

    internal Request(RequestType type, DateOnly date, RequestDecision decision)
        : base(Guid.CreateVersion7())
    {
        Type = type;
        Date = date;
        Decision = decision;
    }

    public RequestType Type { get; private set; }

    public DateOnly Date { get; private set; }

    public RequestDecision Decision { get; private set; }

    public bool IsDenied => Decision == RequestDecision.Denied;

    internal void Decide(RequestDecision decision) => Decision = decision;

    public override string ToString() => $"{Words.Of(Type)} request of {Date:yyyy-MM-dd}: {Words.InSentence(Decision)}";
}
