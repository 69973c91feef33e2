namespace Prison.Db.Api;

/// <summary>
/// A record post of an API client, by its Idempotency-Key. Inserted in the transaction of the entry it saved, under
/// (client, key) as primary key: the same post sent again cannot save a second time, and is answered with
/// <see cref="Answer"/>, what the first post answered; another body under the same key is refused (<see cref="RequestHash"/>).
/// </summary>
public sealed class ApiIdempotencyKey
{
    public const int MaxKey = 200;

    public const int MaxAnswer = 2000;

    private ApiIdempotencyKey()
    {
        ClientId = Key = RequestHash = Kind = Answer = string.Empty;
    }

    public ApiIdempotencyKey(string clientId, string key, string requestHash, Guid prisonerId, string kind, long recordVersion, string answer, DateTime savedAtUtc)
    {
        ClientId = clientId;
        Key = key;
        RequestHash = requestHash;
        PrisonerId = prisonerId;
        Kind = kind;
        RecordVersion = recordVersion;
        Answer = answer;
        SavedAtUtc = savedAtUtc;
    }

    public string ClientId { get; private set; }

    public string Key { get; private set; }

    /// <summary>SHA-256, in lower-case hex, of the kind, the prisoner, the version asked for and the body.</summary>
    public string RequestHash { get; private set; }

    public Guid PrisonerId { get; private set; }

    public string Kind { get; private set; }

    public long RecordVersion { get; private set; }

    /// <summary>The first answer's body (JSON), given again to a retry.</summary>
    public string Answer { get; private set; }

    public DateTime SavedAtUtc { get; private set; }
}
