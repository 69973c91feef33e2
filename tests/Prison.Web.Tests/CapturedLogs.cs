using System.Collections.Concurrent;
using Microsoft.Extensions.Logging;

namespace Prison.Web.Tests;

/// <summary>Every entry a host logs with an exception, kept for a test to read: registered as one more logging provider.</summary>
public sealed class CapturedLogs : ILoggerProvider
{
    private readonly ConcurrentQueue<Exception> _exceptions = new();

    public IReadOnlyList<Exception> Exceptions => [.. _exceptions];

    public ILogger CreateLogger(string categoryName) => new Logger(this);

    public void Dispose()
    {
    }

    private sealed class Logger(CapturedLogs logs) : ILogger
    {
        public IDisposable? BeginScope<TState>(TState state)
            where TState : notnull => null;

        public bool IsEnabled(LogLevel logLevel) => logLevel >= LogLevel.Error;

        public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter)
        {
            if (IsEnabled(logLevel) && exception is not null)
            {
                logs._exceptions.Enqueue(exception);
            }
        }
    }
}
