namespace Prison.Testing;

/// <summary>Waits, within a bound, for something another process or host does; fails with what it was waiting for.</summary>
public static class Eventually
{
    public static async Task<T> Async<T>(Func<Task<T>> probe, Func<T, bool> done, string what, TimeSpan? within = null)
    {
        var deadline = DateTime.UtcNow + (within ?? TimeSpan.FromSeconds(60));
        var last = await probe();
        while (!done(last))
        {
            if (DateTime.UtcNow > deadline)
            {
                throw new TimeoutException($"Timed out waiting for {what}; last seen: {last}");
            }

            await Task.Delay(100);
            last = await probe();
        }

        return last;
    }
}
