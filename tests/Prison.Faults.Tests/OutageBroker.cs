namespace Prison.Faults.Tests;

/// <summary>The private RabbitMQ node of the <see cref="BrokerOutages"/> collection, started once for its tests.</summary>
public sealed class OutageBroker : IAsyncLifetime
{
    private PrivateBroker? _broker;

    /// <summary>The node, started: a test that failed while it was stopped left it so.</summary>
    public async Task<PrivateBroker> StartedAsync()
    {
        if (_broker!.Stopped)
        {
            await _broker.StartAgainAsync();
        }

        return _broker;
    }

    public async Task InitializeAsync() => _broker = await PrivateBroker.StartAsync();

    public async Task DisposeAsync()
    {
        if (_broker is not null)
        {
            await _broker.DisposeAsync();
        }
    }
}
