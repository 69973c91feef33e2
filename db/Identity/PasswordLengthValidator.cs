using Microsoft.AspNetCore.Identity;

namespace Prison.Db.Identity;

/// <summary>
/// Refuses a password longer than <see cref="Passwords.MaxLength"/>: the sign-in form answers a longer one as a wrong
/// password without reading it, so a user given one could never sign in.
/// </summary>
public sealed class PasswordLengthValidator : IPasswordValidator<StaffUser>
{
    public Task<IdentityResult> ValidateAsync(UserManager<StaffUser> manager, StaffUser user, string? password) =>
        Task.FromResult(password is { Length: > Passwords.MaxLength }
            ? IdentityResult.Failed(new IdentityError { Code = "PasswordTooLong", Description = $"A password has at most {Passwords.MaxLength} characters." })
            : IdentityResult.Success);
}
