using OtpNet;

namespace Prison.Web.Tests;

/// <summary>
/// An authenticator app as a user's phone runs it: the key read off the enrolment page, and the codes it makes from it
/// at the time of <paramref name="clock"/> (web's clock: the real one unless the test's web stands still).
/// </summary>
public sealed class Authenticator(string key, TimeProvider? clock = null)
{
    private readonly TimeProvider _clock = clock ?? TimeProvider.System;

    private long _lastStep = long.MinValue;

    /// <summary>The key as Base32, in capitals and without the page's spaces.</summary>
    public string Key { get; } = key.Replace(" ", string.Empty, StringComparison.Ordinal).ToUpperInvariant();

    private Totp Totp => new(Base32Encoding.ToBytes(Key));

    /// <summary>
    /// Six digits web accepts now and has not seen from this app: a code signs in once, so a user who signs in again at
    /// once waits for the next one. This is that next code, of a later step Identity accepts already (up to two ahead).
    /// </summary>
    public string Code()
    {
        var now = _clock.GetUtcNow().UtcDateTime;
        var step = Math.Max(StepOf(now), _lastStep + 1);
        _lastStep = step;
        return Totp.ComputeTotp(now.AddSeconds(30 * (step - StepOf(now))));
    }

    /// <summary>
    /// Six digits this key makes at none of the moments Identity accepts now (the 30-second steps two before and two
    /// after this one; three each way here, for a step that turns while the test runs).
    /// </summary>
    public string WrongCode()
    {
        var now = _clock.GetUtcNow().UtcDateTime;
        var accepted = Enumerable.Range(-3, 7).Select(step => Totp.ComputeTotp(now.AddSeconds(30 * step))).ToHashSet();
        return Enumerable.Range(0, 1_000_000).Select(n => n.ToString("D6", System.Globalization.CultureInfo.InvariantCulture)).First(code => !accepted.Contains(code));
    }

    private static long StepOf(DateTime utc) => new DateTimeOffset(utc, TimeSpan.Zero).ToUnixTimeSeconds() / 30;
}
