using System.Collections.Concurrent;
using MassTransit;

namespace Prison.Worker.Tests;

/// <summary>Tells a test when the worker has finished with a message, so it can check that nothing changed.</summary>
internal sealed class ConsumedMessages<T> : IConsumeMessageObserver<T>
    where T : class
{
    private readonly ConcurrentDictionary<T, int> _counts = new();

    /// <summary>Waits until equal messages have been consumed <paramref name="times"/> times in all.</summary>
    public Task<int> Consumed(T message, int times = 1) =>
        Eventually.Async(() => Task.FromResult(_counts.GetValueOrDefault(message)), count => count >= times, $"{message} consumed {times} time(s)");

    public Task PreConsume(ConsumeContext<T> context) => Task.CompletedTask;

    public Task PostConsume(ConsumeContext<T> context)
    {
        _counts.AddOrUpdate(context.Message, 1, (_, count) => count + 1);
        return Task.CompletedTask;
    }

    public Task ConsumeFault(ConsumeContext<T> context, Exception exception) => Task.CompletedTask;
}
