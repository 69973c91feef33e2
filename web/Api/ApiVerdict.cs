using Prison.Db.Reads;
using Prison.Domain;

namespace Prison.Web.Api;

/// <summary>A prisoner's stored verdict as the API reads it: with the record's version and the forecast stored beside it.</summary>
public sealed record ApiVerdict(
    Guid PrisonerId,
    string Number,
    long ChangeVersion,
    StoredVerdict Verdict,
    StoredForecast Forecast);
