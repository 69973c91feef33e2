namespace Prison.Faults.Tests;

/// <summary>
/// A RabbitMQ node of the tests' own (scripts/test-servers.sh rabbitmq-node), for tests that stop their broker: the
/// shared node serves the tests running beside them and must never stop.
/// </summary>
public sealed class PrivateBroker : IAsyncDisposable
{
    private readonly string _name;

    private PrivateBroker(string name, int port)
    {
        _name = name;
        Port = port;
    }

    public int Port { get; }

    public Uri Address => new($"amqp://guest:guest@127.0.0.1:{Port}/");

    /// <summary>Whether <see cref="StopAsync"/> was the last thing done to the node.</summary>
    public bool Stopped { get; private set; }

    public static async Task<PrivateBroker> StartAsync()
    {
        var broker = new PrivateBroker($"faults-{Guid.NewGuid():N}"[..15], FreePortPair());
        try
        {
            await broker.StartAgainAsync();
            return broker;
        }
        catch
        {
            await broker.DisposeAsync();
            throw;
        }
    }

    /// <summary>Starts the node (again: a restarted node keeps its queues, as a broker back from an outage does).</summary>
    public async Task StartAgainAsync()
    {
        await ScriptAsync("start", _name, Port.ToString(System.Globalization.CultureInfo.InvariantCulture));
        Stopped = false;
    }

    public async Task StopAsync()
    {
        Stopped = true;
        await ScriptAsync("stop", _name);
    }

    /// <summary>rabbitmqctl against this node, e.g. <c>import_definitions FILE</c>; what it printed.</summary>
    public Task<string> ControlAsync(params string[] args) => TestServersScript.RunAsync(["rabbitmq-node", "ctl", _name, .. args]);

    /// <summary>Stops the node and deletes its state.</summary>
    public async ValueTask DisposeAsync() => await ScriptAsync("remove", _name);

    private static Task ScriptAsync(params string[] args) => TestServersScript.RunAsync(["rabbitmq-node", .. args]);

    /// <summary>A free AMQP port whose distribution port (31000 lower) is free too, away from the shared node's 56729 and 25729.</summary>
    private static int FreePortPair()
    {
        for (var attempt = 0; attempt < 100; attempt++)
        {
            var port = Random.Shared.Next(40000, 56000);
            if (TestServersScript.IsFree(port) && TestServersScript.IsFree(port - 31000))
            {
                return port;
            }
        }

        throw new InvalidOperationException("No free pair of ports for a private RabbitMQ node.");
    }
}
