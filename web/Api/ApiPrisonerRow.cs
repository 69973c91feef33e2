using Prison.Domain;

namespace Prison.Web.Api;

/// <summary>One current prisoner of a prison's list: number, name, arrival day, status and the codes of the rules fired.</summary>
public sealed record ApiPrisonerRow(Guid PrisonerId, string Number, string Name, DateOnly ArrivedOn, DangerStatus Status, IReadOnlyList<string> Rules, string VerdictUrl);
