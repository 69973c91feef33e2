namespace Prison.Web.Wording;

/// <summary>A fired rule as the prisoner page shows it: its title and the facts that made it fire.</summary>
public sealed record FiredFacts(string Title, IReadOnlyList<string> Facts);
