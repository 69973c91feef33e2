using Prison.Db.History;
using Prison.Domain.Evaluation;

namespace Prison.Db.Writes;

/// <summary>
/// A verdict, the version of the record it was reached for, and what caused it: null for the change that made that
/// version, whose save stored its cause on the prisoner's row (<see cref="VerdictCause.OfReevaluation"/>).
/// </summary>
public sealed record EvaluatedPrisoner(Guid PrisonerId, long ChangeVersion, Verdict Verdict, VerdictCause? Cause = null);
