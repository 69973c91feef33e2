namespace Prison.Testing;

public static class TestDay
{
    public static readonly DateTimeOffset Noon = new(2026, 11, 20, 12, 0, 0, TimeSpan.Zero);

    public static DateOnly Today => DateOnly.FromDateTime(Noon.UtcDateTime);
}
