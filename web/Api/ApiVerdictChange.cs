namespace Prison.Web.Api;

/// <summary>One change of a prisoner's verdict in a prison's feed: from and to (from is null for a first verdict), the rules of the new verdict, the record version it is for.</summary>
public sealed record ApiVerdictChange(long Id, Guid PrisonerId, string Number, DateTimeOffset At, string? From, string To, IReadOnlyList<string> Rules, long RecordVersion, string? RuleSet, string VerdictUrl);
