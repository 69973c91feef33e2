namespace Prison.Web.SignIn;

/// <summary>
/// Reads the ended sessions before web serves its first request (a restarted instance refuses the cookies of
/// sessions ended while it was down), then every <see cref="EndedSessions.ReadInterval"/>.
/// </summary>
public sealed class EndedSessionsWatcher(EndedSessions sessions, ILogger<EndedSessionsWatcher> logger) : BackgroundService
{
    public override async Task StartAsync(CancellationToken cancellationToken)
    {
        await sessions.ReadAsync(cancellationToken);
        await base.StartAsync(cancellationToken);
    }

    protected override async Task ExecuteAsync(CancellationToken stoppingToken)
    {
        // Real time, not the prison's clock: how often to look is about the database, not about the sessions' expiry.
        using var timer = new PeriodicTimer(EndedSessions.ReadInterval);
        while (await timer.WaitForNextTickAsync(stoppingToken))
        {
            try
            {
                await sessions.ReadAsync(stoppingToken);
            }
            // Whatever ends a read, a cancellation inside the driver included, leaves the host running: only its own stop ends the loop.
            catch (Exception error) when (!stoppingToken.IsCancellationRequested)
            {
                logger.LogWarning(error, "Could not read the sessions ended lately; trying again in {Interval}.", EndedSessions.ReadInterval);
            }
        }
    }
}
