using Microsoft.AspNetCore.Identity;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Prison.Db;
using Prison.Db.Identity;
using Prison.Web.SignIn;
using QRCoder;

namespace Prison.Web.Pages.Profile;

/// <summary>
/// The signed-in user's two-factor sign-in. Off: a new authenticator key each time the form is shown, as a QR code and
/// as text, and a code from the app with the user's password to confirm it (a session someone else holds neither sees
/// the key this user enrols nor enrols one of its own); the answer shows the recovery codes, once. On: how many
/// recovery codes are left, and a reset (the password asked again) that turns it off and removes the key, to enrol
/// again. Either change ends the user's sessions elsewhere; this browser goes on in a new one. The password is checked
/// as on /password: wrong ones are audited and count toward the lockout, and the one that locks the account ends its
/// sessions and signs this browser out.
/// </summary>
public sealed class TwoFactorModel(StaffAccounts accounts, StaffUserManager users, SignInManager<StaffUser> signIn, TwoFactorRequirement requirement, EndedSessions endedSessions, TimeProvider clock) : PageModel
{
    /// <summary>How the authenticator app names the account: "Prison dashboard (alice)".</summary>
    public const string Issuer = "Prison dashboard";

    public TwoFactorEnrolmentForm Enrolment { get; set; } = new();

    public TwoFactorResetForm Reset { get; set; } = new();

    public bool IsOn { get; private set; }

    public int RecoveryCodesLeft { get; private set; }

    /// <summary>The key as the user types it into an app that cannot scan: lower case, in groups of four.</summary>
    public string? SharedKey { get; private set; }

    /// <summary>The QR code of the key as a PNG in a data: address, which the pages' Content-Security-Policy allows for images.</summary>
    public string? QrCode { get; private set; }

    /// <summary>Only on the answer to the enrolment: shown once, kept nowhere the user can read them again.</summary>
    public IReadOnlyList<string>? RecoveryCodes { get; private set; }

    /// <summary>The roles of this user that require two factors, when they have not enrolled yet: every other page waits.</summary>
    public IReadOnlyList<string> RequiredBy { get; private set; } = [];

    public bool WasReset { get; private set; }

    public async Task OnGetAsync(bool reset = false)
    {
        WasReset = reset;
        await LoadAsync();
    }

    public async Task<IActionResult> OnPostEnrolAsync([Bind(Prefix = nameof(Enrolment))] TwoFactorEnrolmentForm enrolment, CancellationToken cancellationToken)
    {
        var codeField = $"{nameof(Enrolment)}.{nameof(TwoFactorEnrolmentForm.Code)}";
        var passwordField = $"{nameof(Enrolment)}.{nameof(TwoFactorEnrolmentForm.Password)}";
        if (ModelState.IsValid)
        {
            var user = await CurrentUserAsync();
            if (user.TwoFactorEnabled)
            {
                // On already: the form was posted twice, or from a page left open. The page says so.
                return RedirectToPage();
            }

            var check = await accounts.ConfirmOwnPasswordAsync(UserName, enrolment.Password, "turn on two-factor sign-in", cancellationToken);
            if (IsLockedOut(check))
            {
                return await SignedOutAsync();
            }

            if (!check.Succeeded)
            {
                ModelState.AddModelError(passwordField, "The password is wrong.");
            }
            else
            {
                IReadOnlyList<string>? codes;
                try
                {
                    codes = await accounts.EnrolTwoFactorAsync(UserName, enrolment.Code, cancellationToken);
                }
                catch (ChangeRefusedException)
                {
                    return RedirectToPage();
                }

                if (codes is not null)
                {
                    await SignInAgainAsync();
                    RecoveryCodes = codes;
                    IsOn = true;
                    RecoveryCodesLeft = codes.Count;
                    return Page();
                }

                ModelState.AddModelError(codeField, "That is not a code your app shows for this key. Add the new key above to the app (it replaces the one shown before), then type its newest code.");
            }
        }

        // Neither the refused code nor the password is shown back; the answer shows a new key, as every showing of the
        // form does, so a key is never shown twice.
        ModelState.SetModelValue(codeField, string.Empty, string.Empty);
        ModelState.SetModelValue(passwordField, string.Empty, string.Empty);
        Enrolment = new TwoFactorEnrolmentForm();
        await LoadAsync();
        return Page();
    }

    public async Task<IActionResult> OnPostResetAsync([Bind(Prefix = nameof(Reset))] TwoFactorResetForm reset, CancellationToken cancellationToken)
    {
        var field = $"{nameof(Reset)}.{nameof(TwoFactorResetForm.Password)}";
        if (ModelState.IsValid)
        {
            var check = await accounts.ConfirmOwnPasswordAsync(UserName, reset.Password, "turn off two-factor sign-in", cancellationToken);
            if (IsLockedOut(check))
            {
                return await SignedOutAsync();
            }

            if (check.Succeeded)
            {
                try
                {
                    await accounts.ResetTwoFactorAsync(UserName, ownAccount: true, cancellationToken);
                    await SignInAgainAsync();
                    return RedirectToPage(new { reset = true });
                }
                catch (ChangeRefusedException error)
                {
                    ModelState.AddModelError(field, error.Message);
                }
            }
            else
            {
                ModelState.AddModelError(field, "The password is wrong.");
            }
        }

        await LoadAsync();
        return Page();
    }

    private static bool IsLockedOut(IdentityResult check) => check.Errors.Any(e => e.Code == StaffAccounts.LockedOutError);

    /// <summary>The account is locked, every session of the user ended with it: this one's cookie goes too, as on /password.</summary>
    private async Task<IActionResult> SignedOutAsync()
    {
        if (SessionClaim.Of(User) is { } session)
        {
            endedSessions.Ended(session, clock.GetUtcNow().UtcDateTime);
        }

        await signIn.SignOutAsync();
        return LocalRedirect(SignInPaths.SignIn);
    }

    private string UserName => User.Identity?.Name ?? throw new InvalidOperationException("The page needs a signed-in user: the fallback policy sends anyone else to sign in.");

    private async Task<StaffUser> CurrentUserAsync() =>
        await users.GetUserAsync(User) ?? throw new InvalidOperationException("A signed-in user without an account: the session check signs such sessions out.");

    private async Task LoadAsync()
    {
        var user = await CurrentUserAsync();
        IsOn = user.TwoFactorEnabled;
        if (IsOn)
        {
            RecoveryCodesLeft = await users.CountRecoveryCodesAsync(user);
            return;
        }

        RequiredBy = [.. requirement.Roles.Where(User.IsInRole)];
        var key = await accounts.NewAuthenticatorKeyAsync(user.UserName!);
        SharedKey = string.Join(' ', key.ToLowerInvariant().Chunk(4).Select(group => new string(group)));
        var address = new PayloadGenerator.OneTimePassword
        {
            Secret = key,
            Issuer = Issuer,
            Label = user.UserName!,
            Type = PayloadGenerator.OneTimePassword.OneTimePasswordAuthType.TOTP,
            AuthAlgorithm = PayloadGenerator.OneTimePassword.OneTimePasswordAuthAlgorithm.SHA1,
            Digits = 6,
            Period = 30,
        }.ToString();
        QrCode = $"data:image/png;base64,{Convert.ToBase64String(PngByteQRCodeHelper.GetQRCode(address, QRCodeGenerator.ECCLevel.Q, 4))}";
    }

    /// <summary>
    /// The change ended every session of the user and renewed their security stamp: this browser goes on in a new
    /// session, whose cookie carries the new stamp and whether two factors are on.
    /// </summary>
    private async Task SignInAgainAsync()
    {
        var user = await users.FindByNameAsync(UserName) ?? throw new InvalidOperationException("The user signed in a moment ago has no account.");
        await signIn.SignInAsync(user, isPersistent: false);
    }
}
