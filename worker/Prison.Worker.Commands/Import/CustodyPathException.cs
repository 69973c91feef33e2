namespace Prison.Worker.Import;

/// <summary>The path given to `import` names no custody file the importer can use: a usage mistake, reported as its message alone.</summary>
public sealed class CustodyPathException(string message) : Exception(message);
