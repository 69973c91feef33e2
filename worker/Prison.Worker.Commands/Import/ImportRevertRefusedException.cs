namespace Prison.Worker.Import;

/// <summary>A revert that cannot be done as asked (the day was not imported, a record changed beyond undoing); says why.</summary>
public sealed class ImportRevertRefusedException(string message) : Exception(message);
