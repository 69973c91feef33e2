namespace Prison.Worker.Import;

/// <summary>A file the importer will not read at all (a required column is missing); nothing is imported.</summary>
public sealed class CustodyFileRefusedException(string message) : Exception(message);
