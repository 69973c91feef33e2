using System.Security.Cryptography;

namespace Prison.Db.Identity;

/// <summary>Generated passwords: long, random, and always passing the rules in <see cref="StaffIdentity.Configure"/>.</summary>
public static class Passwords
{
    /// <summary>
    /// The longest password a form takes and a user may be given: far past any passphrase, and a bound on what an
    /// anonymous post makes the server read and hash.
    /// </summary>
    public const int MaxLength = 256;

    private const string Lower = "abcdefghijkmnopqrstuvwxyz";
    private const string Upper = "ABCDEFGHJKLMNPQRSTUVWXYZ";
    private const string Digits = "23456789";
    private const string Symbols = "-_.!#%+=";

    /// <summary>Twenty characters, at least one of each kind; look-alikes (l, 1, O, 0) left out because people copy them by hand.</summary>
    public static string Generate()
    {
        const string all = Lower + Upper + Digits + Symbols;
        var characters = new List<char>
        {
            Lower[RandomNumberGenerator.GetInt32(Lower.Length)],
            Upper[RandomNumberGenerator.GetInt32(Upper.Length)],
            Digits[RandomNumberGenerator.GetInt32(Digits.Length)],
            Symbols[RandomNumberGenerator.GetInt32(Symbols.Length)],
        };
        characters.AddRange(RandomNumberGenerator.GetItems<char>(all, 16));
        var shuffled = characters.ToArray();
        RandomNumberGenerator.Shuffle(shuffled.AsSpan());
        return new string(shuffled);
    }
}
