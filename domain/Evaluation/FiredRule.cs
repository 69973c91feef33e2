namespace Prison.Domain.Evaluation;

public sealed record FiredRule(string Code, string Title, IReadOnlyList<string> Facts);
