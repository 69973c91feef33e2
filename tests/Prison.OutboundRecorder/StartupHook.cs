/// <summary>
/// Loaded by the runtime before the program's Main when DOTNET_STARTUP_HOOKS names this assembly (the runtime finds it
/// by this name, outside any namespace): from then on every DNS lookup, socket connect and HTTP request the process
/// starts is written to the file that PRISON_OUTBOUND_RECORD names.
/// </summary>
internal static class StartupHook
{
    /// <summary>Held for the life of the process, so it goes on hearing.</summary>
    internal static OutboundAttemptListener? Listener { get; private set; }

    public static void Initialize()
    {
        if (Environment.GetEnvironmentVariable("PRISON_OUTBOUND_RECORD") is { Length: > 0 } file)
        {
            OutboundAttemptListener.RecordTo(file);
            Listener = new OutboundAttemptListener();
        }
    }
}
