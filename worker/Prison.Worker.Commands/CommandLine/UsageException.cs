namespace Prison.Worker.CommandLine;

/// <summary>A command-line mistake: reported with the verb's usage and exit code 2.</summary>
public sealed class UsageException(string message) : Exception(message);
