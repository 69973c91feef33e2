namespace Prison.ServiceDefaults;

/// <summary>A configuration or environment problem that stops the start, reported as its message alone.</summary>
public sealed class StartupException(string message, Exception? inner = null) : Exception(message, inner);
