using OtpNet;

namespace Prison.Web.Tests;

/// <summary>An authenticator app as a user's phone runs it: the key read off the enrolment page, and the codes it makes from it now.</summary>
public sealed class Authenticator(string key)
{
    /// <summary>The key as Base32, in capitals and without the page's spaces.</summary>
    public string Key { get; } = key.Replace(" ", string.Empty, StringComparison.Ordinal).ToUpperInvariant();

    private Totp Totp => new(Base32Encoding.ToBytes(Key));

    /// <summary>The six digits the app shows now, from the real clock, as Identity checks them.</summary>
    public string Code() => Totp.ComputeTotp(DateTime.UtcNow);

    /// <summary>
    /// Six digits this key makes at none of the moments Identity accepts now (the 30-second steps two before and two
    /// after this one; three each way here, for a step that turns while the test runs).
    /// </summary>
    public string WrongCode()
    {
        var now = DateTime.UtcNow;
        var accepted = Enumerable.Range(-3, 7).Select(step => Totp.ComputeTotp(now.AddSeconds(30 * step))).ToHashSet();
        return Enumerable.Range(0, 1_000_000).Select(n => n.ToString("D6", System.Globalization.CultureInfo.InvariantCulture)).First(code => !accepted.Contains(code));
    }
}
