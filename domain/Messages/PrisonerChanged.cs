namespace Prison.Domain.Messages;

/// <summary>Published after a change to a prisoner commits; the worker evaluates that version.</summary>
public sealed record PrisonerChanged(Guid PrisonerId, long ChangeVersion);
