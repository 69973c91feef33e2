using System.Diagnostics;
using System.Globalization;
using System.Text.Json;
using Prison.Testing;
using RabbitMQ.Client;
using RabbitMQ.Client.Events;

namespace Prison.Benchmarks.Writes;

/// <summary>
/// Benchmark 9's consumer, a process of its own as an integrator's is (this program's hidden verb
/// <c>event-consumer</c>): it consumes a queue the benchmark bound and prints, for each message, the event's id, its
/// prisoner and the instant it arrived. In the benchmark's own process the receipt would wait for a thread behind web's
/// changes, which is not the event's delay.
/// </summary>
public sealed class EventConsumerProcess : IAsyncDisposable
{
    public const string Verb = "event-consumer";
    private const string Consuming = "consuming";

    private readonly Process _process;

    private EventConsumerProcess(Process process) => _process = process;

    /// <summary>Starts the consumer of <paramref name="queue"/>; <paramref name="received"/> gets each receipt (event id, prisoner id, instant).</summary>
    public static async Task<EventConsumerProcess> StartAsync(string queue, Action<Guid, Guid, DateTime> received, CancellationToken cancellationToken)
    {
        var start = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true, RedirectStandardInput = true };
        start.ArgumentList.Add(typeof(EventConsumerProcess).Assembly.Location);
        start.ArgumentList.Add(Verb);
        start.ArgumentList.Add("--queue");
        start.ArgumentList.Add(queue);
        var process = Process.Start(start)!;
        var ready = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        process.OutputDataReceived += (_, line) =>
        {
            if (line.Data == Consuming)
            {
                ready.TrySetResult();
            }
            else if (line.Data?.Split(' ') is [var eventId, var prisonerId, var ticks])
            {
                received(Guid.Parse(eventId), Guid.Parse(prisonerId), new DateTime(long.Parse(ticks, CultureInfo.InvariantCulture), DateTimeKind.Utc));
            }
        };
        process.ErrorDataReceived += (_, line) =>
        {
            if (line.Data is { Length: > 0 })
            {
                Console.Error.WriteLine($"event consumer: {line.Data}");
            }
        };
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        var consumer = new EventConsumerProcess(process);
        try
        {
            await ready.Task.WaitAsync(TimeSpan.FromMinutes(1), cancellationToken);
        }
        catch
        {
            await consumer.DisposeAsync();
            throw;
        }

        return consumer;
    }

    /// <summary>The child's side: consumes <paramref name="queue"/> (acknowledged on delivery) until its input closes.</summary>
    public static async Task RunAsync(string queue)
    {
        var factory = EventQueue.FactoryFor(TestServers.RabbitMq);
        await using var connection = await factory.CreateConnectionAsync();
        await using var channel = await connection.CreateChannelAsync();
        var consumer = new AsyncEventingBasicConsumer(channel);
        consumer.ReceivedAsync += (_, message) =>
        {
            var at = DateTime.UtcNow;
            using var cloudEvent = JsonDocument.Parse(message.Body);
            var prisoner = cloudEvent.RootElement.GetProperty("data").GetProperty("prisoner").GetProperty("id").GetGuid();
            Console.Out.WriteLine(string.Create(CultureInfo.InvariantCulture, $"{cloudEvent.RootElement.GetProperty("id").GetGuid()} {prisoner} {at.Ticks}"));
            return Task.CompletedTask;
        };
        await channel.BasicConsumeAsync(queue, autoAck: true, consumer);
        Console.Out.WriteLine(Consuming);
        await Console.In.ReadToEndAsync();
    }

    public async ValueTask DisposeAsync()
    {
        if (!_process.HasExited)
        {
            _process.StandardInput.Close();
            if (!_process.WaitForExit(TimeSpan.FromSeconds(10)))
            {
                _process.Kill(entireProcessTree: true);
            }

            await _process.WaitForExitAsync();
        }

        _process.Dispose();
    }
}
