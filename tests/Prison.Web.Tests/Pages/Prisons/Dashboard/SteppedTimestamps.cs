namespace Prison.Web.Tests.Pages.Prisons.Dashboard;

/// <summary>A clock whose monotonic timestamp (what measures elapsed time) moves only when a test moves it.</summary>
internal sealed class SteppedTimestamps : TimeProvider
{
    private long _ticks = 1_000_000;

    public override long TimestampFrequency => TimeSpan.TicksPerSecond;

    public override long GetTimestamp() => Interlocked.Read(ref _ticks);

    public void Advance(TimeSpan by) => Interlocked.Add(ref _ticks, by.Ticks);
}
