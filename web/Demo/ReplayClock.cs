namespace Prison.Web.Demo;

/// <summary>The clock of the demo's replayed past: it stands at the instant the replay has reached, and only moves forward.</summary>
public sealed class ReplayClock(DateTime startUtc) : TimeProvider
{
    private DateTime _now = startUtc;

    public override DateTimeOffset GetUtcNow() => new(_now, TimeSpan.Zero);

    public void MoveTo(DateTime utc) => _now = utc > _now ? utc : _now;
}
