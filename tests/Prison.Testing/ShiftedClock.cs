namespace Prison.Testing;

/// <summary>
/// The real clock, moved forward when a test says so. For hosts whose schedulers and timers need time to pass,
/// while the test still jumps over a day to close a rule's window.
/// </summary>
public sealed class ShiftedClock : TimeProvider
{
    private long _shiftTicks;

    public override DateTimeOffset GetUtcNow() => System.GetUtcNow().AddTicks(Interlocked.Read(ref _shiftTicks));

    public void Advance(TimeSpan by) => Interlocked.Add(ref _shiftTicks, by.Ticks);
}
