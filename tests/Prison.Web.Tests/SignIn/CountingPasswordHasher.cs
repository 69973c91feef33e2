using Microsoft.AspNetCore.Identity;
using Prison.Db.Identity;

namespace Prison.Web.Tests.SignIn;

/// <summary>Identity's own hasher, counting the password checks: the cost of a sign-in is one check, whoever asks.</summary>
internal sealed class CountingPasswordHasher : IPasswordHasher<StaffUser>
{
    private readonly PasswordHasher<StaffUser> _hasher = new();
    private int _checks;

    public int Checks => Volatile.Read(ref _checks);

    public string HashPassword(StaffUser user, string password) => _hasher.HashPassword(user, password);

    public PasswordVerificationResult VerifyHashedPassword(StaffUser user, string hashedPassword, string providedPassword)
    {
        Interlocked.Increment(ref _checks);
        return _hasher.VerifyHashedPassword(user, hashedPassword, providedPassword);
    }
}
