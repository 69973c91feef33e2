using Prison.Domain.Evaluation;

namespace Prison.Db.Writes;

/// <summary>A verdict and the version of the record it was reached for.</summary>
public sealed record EvaluatedPrisoner(Guid PrisonerId, long ChangeVersion, Verdict Verdict);
