using Hangfire.AspNetCore;
using Hangfire.Logging;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Abstractions;

namespace Prison.Runtime.Jobs;

/// <summary>
/// Hangfire's log through the host's logging, as Hangfire.NetCore sets it up, except when that host is gone: Hangfire
/// keeps one log provider for the whole process and asks it for a logger at every run it fetches, so in a process
/// that hosts several Hangfire servers in turn (the tests do) a host disposed before another's run would make that
/// run fail. Its loggers then say nothing instead.
/// </summary>
internal sealed class HostLogProvider(ILoggerFactory host) : ILogProvider
{
    private readonly AspNetCoreLogProvider _host = new(host);

    private readonly AspNetCoreLogProvider _silent = new(NullLoggerFactory.Instance);

    public ILog GetLogger(string name)
    {
        try
        {
            return _host.GetLogger(name);
        }
        catch (ObjectDisposedException)
        {
            return _silent.GetLogger(name);
        }
    }
}
