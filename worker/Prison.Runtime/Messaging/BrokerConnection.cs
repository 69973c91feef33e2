using MassTransit;

namespace Prison.Runtime.Messaging;

/// <summary>
/// Says when the broker is reachable again after an outage: MassTransit faults every consuming receive endpoint when
/// its connection to RabbitMQ breaks, reconnects in the background, and reports each endpoint ready again once it
/// consumes. The first endpoint ready after a fault raises <see cref="Restored"/>.
/// </summary>
public sealed class BrokerConnection : IBusObserver, IReceiveEndpointObserver
{
    private int _lost;

    /// <summary>Raised on MassTransit's thread: handlers return at once and do their work elsewhere.</summary>
    public event Action? Restored;

    public void PostCreate(IBus bus) => bus.ConnectConsumePipe(Pipe.Empty<ConsumeContext<ConnectionProbe>>());

    public Task Faulted(ReceiveEndpointFaulted faulted)
    {
        Interlocked.Exchange(ref _lost, 1);
        return Task.CompletedTask;
    }

    public Task Ready(ReceiveEndpointReady ready)
    {
        if (ready.IsStarted && Interlocked.Exchange(ref _lost, 0) == 1)
        {
            Restored?.Invoke();
        }

        return Task.CompletedTask;
    }

    public void CreateFaulted(Exception exception)
    {
    }

    public Task PreStart(IBus bus) => Task.CompletedTask;

    public Task PostStart(IBus bus, Task<BusReady> busReady) => Task.CompletedTask;

    public Task StartFaulted(IBus bus, Exception exception) => Task.CompletedTask;

    public Task PreStop(IBus bus) => Task.CompletedTask;

    public Task PostStop(IBus bus) => Task.CompletedTask;

    public Task StopFaulted(IBus bus, Exception exception) => Task.CompletedTask;

    public Task Stopping(ReceiveEndpointStopping stopping) => Task.CompletedTask;

    public Task Completed(ReceiveEndpointCompleted completed) => Task.CompletedTask;
}
