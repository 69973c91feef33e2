using System.Diagnostics;

/// <summary>
/// Brings MassTransit's usage report forward: once the process has built its host, and before the host starts its bus,
/// sets the report's delay (<c>UsageTelemetryOptions.ReportDelay</c>) on the host's own options, so that a usage
/// tracker, if the process kept one, would send its report that long after the bus started instead of minutes later.
/// A test then waits seconds, not minutes, to see that no report is sent. Found by name, so that this hook, loaded
/// into every process before its Main, needs nothing but the runtime's own classes.
/// </summary>
internal sealed class UsageReportDelay(TimeSpan delay) : IObserver<DiagnosticListener>, IObserver<KeyValuePair<string, object?>>
{
    private readonly List<IDisposable> _subscriptions = [];

    public void OnNext(DiagnosticListener listener)
    {
        if (listener.Name == "Microsoft.Extensions.Hosting")
        {
            lock (_subscriptions)
            {
                _subscriptions.Add(listener.Subscribe(this));
            }
        }
    }

    public void OnNext(KeyValuePair<string, object?> hostEvent)
    {
        // "HostBuilt" carries the IHost, whose Services are the process's own container.
        if (hostEvent.Key != "HostBuilt" || hostEvent.Value?.GetType().GetProperty("Services")?.GetValue(hostEvent.Value) is not IServiceProvider services)
        {
            return;
        }

        var optionsType = Type.GetType("MassTransit.UsageTelemetryOptions, MassTransit.Abstractions");
        var accessorType = Type.GetType("Microsoft.Extensions.Options.IOptions`1, Microsoft.Extensions.Options")?.MakeGenericType(optionsType ?? typeof(object));
        if (optionsType is null || accessorType is null)
        {
            return;
        }

        // IOptions<T> is one instance per container: the usage tracker reads the same one when the delay ends.
        var options = accessorType.GetProperty("Value")!.GetValue(services.GetService(accessorType));
        optionsType.GetProperty("ReportDelay")!.SetValue(options, delay);
    }

    public void OnCompleted()
    {
    }

    public void OnError(Exception error)
    {
    }
}
