using MassTransit;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Prison.Db;
using Prison.Db.Reads;
using Prison.Domain.Messages;
using Prison.Runtime.Jobs;

namespace Prison.Runtime.Messaging;

/// <summary>
/// Publishes committed changes. A broker that is down must neither lose a change nor hold up the person making it:
/// the change is saved as Unknown already. So a publish waits a few seconds at most, and after a failure the next
/// ones are not tried until the broker is back: staff recording events during an outage see no delay. When
/// <see cref="BrokerConnection"/> says the broker is back, the changes of every prisoner still Unknown are published
/// again at once, and publishing goes on as before; the sweeper remains for anything else that was lost.
/// </summary>
public sealed class ChangePublisher
{
    /// <summary>How long one publish waits for the broker.</summary>
    public static readonly TimeSpan Patience = TimeSpan.FromSeconds(5);

    /// <summary>
    /// How long publishing rests after a failure when nothing says the broker is back: a failure that broke no
    /// connection (a publish that timed out) brings no reconnection to wait for.
    /// </summary>
    public static readonly TimeSpan Rest = TimeSpan.FromSeconds(30);

    private readonly IBus _bus;
    private readonly ILogger<ChangePublisher> _logger;
    private readonly TimeProvider _clock;
    private readonly IServiceScopeFactory? _scopes;

    private long _restUntilTicks;

    /// <summary>1 while a failed publish has left changes behind that the broker's return should publish again.</summary>
    private int _leftBehind;

    /// <param name="connection">Without it (a test's bus), publishing rests for <see cref="Rest"/> after a failure.</param>
    /// <param name="scopes">Where the prisoners still Unknown are read from when the broker is back.</param>
    public ChangePublisher(IBus bus, ILogger<ChangePublisher> logger, TimeProvider clock, BrokerConnection? connection = null, IServiceScopeFactory? scopes = null)
    {
        _bus = bus;
        _logger = logger;
        _clock = clock;
        _scopes = scopes;
        if (connection is not null)
        {
            connection.Restored += BrokerBack;
        }
    }

    public async Task PublishAsync(IReadOnlyCollection<PrisonerChanged> changes, CancellationToken cancellationToken)
    {
        if (changes.Count == 0)
        {
            return;
        }

        if (_clock.GetUtcNow().UtcTicks < Interlocked.Read(ref _restUntilTicks))
        {
            Interlocked.Exchange(ref _leftBehind, 1);
            _logger.LogDebug("The broker failed recently: {Count} change(s) left until it is back.", changes.Count);
            return;
        }

        using var patience = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        patience.CancelAfter(Patience);
        try
        {
            await _bus.PublishBatch(changes, patience.Token);
        }
        catch (Exception error) when (error is not OperationCanceledException || !cancellationToken.IsCancellationRequested)
        {
            Interlocked.Exchange(ref _leftBehind, 1);
            Interlocked.Exchange(ref _restUntilTicks, (_clock.GetUtcNow() + Rest).UtcTicks);
            _logger.LogWarning(error, "Could not publish {Count} prisoner change(s); they stay Unknown and are published again when the broker is back (or by the sweeper).", changes.Count);
        }
    }

    private void BrokerBack()
    {
        Interlocked.Exchange(ref _restUntilTicks, 0);
        if (_scopes is not null && Interlocked.Exchange(ref _leftBehind, 0) == 1)
        {
            _ = Task.Run(PublishLeftBehindAsync);
        }
    }

    /// <summary>
    /// Every prisoner still Unknown, oldest change first, as many as the sweeper takes at a time: the changes made
    /// during the outage are among them, and publishing a change again is harmless (the verdict is guarded by its version).
    /// </summary>
    private async Task PublishLeftBehindAsync()
    {
        try
        {
            await using var scope = _scopes!.CreateAsyncScope();
            var db = scope.ServiceProvider.GetRequiredService<PrisonDb>();
            var limit = scope.ServiceProvider.GetRequiredService<JobSettings>().BatchSize * 10;
            var unknown = await db.StaleUnknownAsync(_clock.GetUtcNow().UtcDateTime, limit, CancellationToken.None);
            await PublishAsync([.. unknown.Select(s => new PrisonerChanged(s.PrisonerId, s.ChangeVersion, s.ChangedAtUtc))], CancellationToken.None);
            _logger.LogInformation("The broker is back: published again the changes of {Count} prisoner(s) still Unknown.", unknown.Count);
        }
        catch (Exception error)
        {
            _logger.LogWarning(error, "The broker is back, but the changes left Unknown during the outage could not be published again; the sweeper will.");
        }
    }
}
