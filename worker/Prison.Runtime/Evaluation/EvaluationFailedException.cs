namespace Prison.Runtime.Evaluation;

/// <summary>
/// The rules threw for some prisoners of a batch (a rule from an admin's assembly meeting a record it did not expect).
/// Thrown after the verdicts of the others were stored, so the message's retries and its move to the error queue
/// hold up nobody else: a prisoner left Unknown is published again by the sweeper, and one that fails alone again
/// fails alone.
/// </summary>
public sealed class EvaluationFailedException(IReadOnlyList<(Guid PrisonerId, Exception Error)> failures)
    : Exception(Describe(failures), failures[0].Error)
{
    public IReadOnlyList<(Guid PrisonerId, Exception Error)> Failures { get; } = failures;

    private static string Describe(IReadOnlyList<(Guid PrisonerId, Exception Error)> failures) =>
        $"The rules failed for {failures.Count} prisoner(s), whose verdicts were not stored: " +
        string.Join("; ", failures.Take(10).Select(f => $"{f.PrisonerId}: {f.Error.GetType().Name}: {f.Error.Message}")) +
        (failures.Count > 10 ? "; ..." : ".");
}
