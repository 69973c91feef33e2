using Microsoft.AspNetCore.Identity;

namespace Prison.Db.Identity;

/// <summary>
/// Refuses a password that is one of the most common ones (common-passwords.txt, shipped inside this assembly: nothing
/// is fetched), whatever its case, with letters written as look-alike digits or symbols, or with digits and symbols
/// added before or after it: "P@ssw0rd2024!" is "password". Every password set goes through it, as Identity runs its
/// password validators on each (<see cref="StaffIdentity.AddStaffUsers"/>).
/// </summary>
public sealed class CommonPasswordValidator : IPasswordValidator<StaffUser>
{
    public const string ErrorCode = "CommonPassword";

    private static readonly Lazy<HashSet<string>> Common = new(Read);

    public Task<IdentityResult> ValidateAsync(UserManager<StaffUser> manager, StaffUser user, string? password) =>
        Task.FromResult(password is not null && IsCommon(password)
            ? IdentityResult.Failed(new IdentityError
            {
                Code = ErrorCode,
                Description = "Passwords like this one are among the most common (a common word or name, perhaps with digits or symbols around it): choose another.",
            })
            : IdentityResult.Success);

    public static bool IsCommon(string password)
    {
        var lower = password.ToLowerInvariant();
        var word = lower.Trim(NotLetters(lower));
        var wordAndFront = lower.TrimEnd(NotLetters(lower));
        string[] candidates = [lower, word, Unleet(word), Unleet(wordAndFront)];
        return candidates.Any(Common.Value.Contains);
    }

    private static char[] NotLetters(string text) => [.. text.Where(c => !char.IsLetter(c)).Distinct()];

    /// <summary>Look-alikes read back as the letters they stand for: "p@ssw0rd" is "password".</summary>
    private static string Unleet(string text) =>
        string.Concat(text.Select(c => c switch { '0' => 'o', '@' or '4' => 'a', '$' or '5' => 's', '3' => 'e', '7' => 't', '1' or '!' => 'i', _ => c }));

    private static HashSet<string> Read()
    {
        using var stream = typeof(CommonPasswordValidator).Assembly.GetManifestResourceStream("common-passwords.txt")
            ?? throw new InvalidOperationException("common-passwords.txt is not embedded in Prison.Db.");
        using var reader = new StreamReader(stream);
        var common = new HashSet<string>(StringComparer.Ordinal);
        while (reader.ReadLine() is { } line)
        {
            if (line.Length > 0 && !line.StartsWith("#!comment", StringComparison.Ordinal))
            {
                common.Add(line);
            }
        }

        return common;
    }
}
