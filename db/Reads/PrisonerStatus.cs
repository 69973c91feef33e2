using Prison.Domain;

namespace Prison.Db.Reads;

/// <summary>A prisoner's stored danger status, as the dashboard polls it.</summary>
public sealed record PrisonerStatus(Guid PrisonerId, DangerStatus Status, IReadOnlyList<string> FiredRules);
