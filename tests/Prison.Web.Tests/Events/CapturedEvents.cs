using System.Collections.Concurrent;
using Microsoft.Extensions.Logging;
using Prison.Runtime.Events;

namespace Prison.Web.Tests.Events;

/// <summary>What the embedded mode logs under <see cref="LoggedEventSink.Category"/>, as an operator reading the log sees it.</summary>
public sealed class CapturedEvents : ILoggerProvider
{
    private readonly ConcurrentQueue<string> _lines = new();

    public IReadOnlyList<string> Lines => [.. _lines];

    public ILogger CreateLogger(string categoryName) => new Logger(categoryName == LoggedEventSink.Category ? this : null);

    public void Dispose()
    {
    }

    private sealed class Logger(CapturedEvents? events) : ILogger
    {
        public IDisposable? BeginScope<TState>(TState state)
            where TState : notnull => null;

        public bool IsEnabled(LogLevel logLevel) => events is not null && logLevel >= LogLevel.Information;

        public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter)
        {
            if (IsEnabled(logLevel))
            {
                events!._lines.Enqueue(formatter(state, exception));
            }
        }
    }
}
