namespace Prison.Domain;

/// <summary>
/// The record refuses a change that contradicts it: an end before its start, a release of someone not in custody, an
/// entry not on the record, a text missing or too long. Its message is for staff and nothing was changed; any other
/// exception out of the domain is a bug.
/// </summary>
public sealed class RecordRefusedException(string message) : Exception(message);
