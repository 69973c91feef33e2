using Prison.Domain;

namespace Prison.Web.Api;

/// <summary>When the verdict will change with time alone, to what, and the rules that come and go then.</summary>
public sealed record ApiForecast(DateTimeOffset At, DangerStatus To, IReadOnlyList<ApiReason> Comes, IReadOnlyList<ApiReason> Goes);
