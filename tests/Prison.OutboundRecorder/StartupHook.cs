using System.Diagnostics;
using System.Globalization;

/// <summary>
/// Loaded by the runtime before the program's Main when DOTNET_STARTUP_HOOKS names this assembly (the runtime finds it
/// by this name, outside any namespace): from then on every DNS lookup, socket connect and HTTP request the process
/// starts is written to the file that PRISON_OUTBOUND_RECORD names; and with PRISON_USAGE_REPORT_DELAY (seconds),
/// MassTransit's usage report, were it still on, would be sent that long after the bus starts.
/// </summary>
internal static class StartupHook
{
    /// <summary>Held for the life of the process, so it goes on hearing.</summary>
    internal static OutboundAttemptListener? Listener { get; private set; }

    /// <summary>Held for the life of the process, so it hears the host being built.</summary>
    internal static IDisposable? HostListener { get; private set; }

    public static void Initialize()
    {
        if (Environment.GetEnvironmentVariable("PRISON_OUTBOUND_RECORD") is { Length: > 0 } file)
        {
            OutboundAttemptListener.RecordTo(file);
            Listener = new OutboundAttemptListener();
        }

        if (Environment.GetEnvironmentVariable("PRISON_USAGE_REPORT_DELAY") is { Length: > 0 } seconds)
        {
            HostListener = DiagnosticListener.AllListeners.Subscribe(new UsageReportDelay(TimeSpan.FromSeconds(int.Parse(seconds, CultureInfo.InvariantCulture))));
        }
    }
}
