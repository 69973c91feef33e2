namespace Prison.Domain.Messages;

/// <summary>Published after a change to a prisoner commits; the worker evaluates that version.</summary>
/// <param name="CommittedAtUtc">
/// When the change was saved, so the worker can measure commit to verdict. Null in messages published by a version
/// that did not send it.
/// </param>
public sealed record PrisonerChanged(Guid PrisonerId, long ChangeVersion, DateTime? CommittedAtUtc = null);
