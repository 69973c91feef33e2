using Microsoft.Extensions.Logging;

namespace Prison.Web.Tests.Hosting;

/// <summary>Keeps the figures of web's "Loaded demo data" line: what the demo's replay did, for a test to hold to a budget.</summary>
public sealed class DemoLoadLog : ILoggerProvider
{
    private readonly Dictionary<string, object?> _figures = [];

    public IReadOnlyDictionary<string, object?> Figures
    {
        get
        {
            lock (_figures)
            {
                return new Dictionary<string, object?>(_figures);
            }
        }
    }

    public int Figure(string name) => Convert.ToInt32(Figures[name], System.Globalization.CultureInfo.InvariantCulture);

    public ILogger CreateLogger(string categoryName) => new Logger(this);

    public void Dispose()
    {
    }

    private sealed class Logger(DemoLoadLog log) : ILogger
    {
        public IDisposable? BeginScope<TState>(TState state)
            where TState : notnull => null;

        public bool IsEnabled(LogLevel logLevel) => logLevel >= LogLevel.Information;

        public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter)
        {
            if (state is IReadOnlyList<KeyValuePair<string, object?>> values && formatter(state, exception).StartsWith("Loaded demo data", StringComparison.Ordinal))
            {
                lock (log._figures)
                {
                    foreach (var (key, value) in values)
                    {
                        log._figures[key] = value;
                    }
                }
            }
        }
    }
}
