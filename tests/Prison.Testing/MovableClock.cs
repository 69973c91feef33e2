namespace Prison.Testing;

/// <summary>A clock that stands still until a test moves it.</summary>
public sealed class MovableClock(DateTimeOffset now) : TimeProvider
{
    private long _ticks = now.UtcTicks;

    public override DateTimeOffset GetUtcNow() => new(Interlocked.Read(ref _ticks), TimeSpan.Zero);

    public void Advance(TimeSpan by) => Interlocked.Add(ref _ticks, by.Ticks);

    public void Set(DateTimeOffset to) => Interlocked.Exchange(ref _ticks, to.UtcTicks);
}
