using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Prison.Db.Identity;
using Prison.Domain;
using Prison.Web.SignIn;
using Prison.Web.Status;

namespace Prison.Web.Pages.Admin.Users;

/// <summary>
/// The admin's users page: every user with roles, prisons, lockout, disabled flag and two-factor sign-in; add one,
/// disable or enable, reset a password or a two-factor sign-in, change roles or prisons. A generated password is shown
/// on the answer to the post that made it, once, and kept nowhere. Each change is audited by <see cref="StaffAccounts"/>;
/// an admin's refused act on their own account, or to give prisons beyond their own, is audited here. An admin gives
/// only the prisons they reach themselves, and "All prisons" only if they have all.
/// </summary>
public sealed class IndexModel(StaffAccounts accounts, PrisonDirectory directory) : PageModel
{
    public IReadOnlyList<StaffAccount> Accounts { get; private set; } = [];

    /// <summary>The prisons this admin may give: those they reach.</summary>
    public IReadOnlyList<PrisonFacility> Prisons { get; private set; } = [];

    public bool MayGiveAllPrisons => PrisonScope.Of(User).IsEverywhere;

    [BindProperty]
    public NewUserForm NewUser { get; set; } = new();

    /// <summary>Set only on the answer to an add or a reset.</summary>
    public (string Name, string Password)? NewPassword { get; private set; }

    [TempData]
    public string? Message { get; set; }

    public Task OnGetAsync(CancellationToken cancellationToken) => ListAsync(cancellationToken);

    public async Task<IActionResult> OnPostAddAsync(CancellationToken cancellationToken)
    {
        try
        {
            var name = NewUser.UserName ?? string.Empty;
            if (await WiderThanOwnAsync(NewUser.Access, cancellationToken) is { } wider)
            {
                await accounts.RefusedAsync(name.Trim(), wider.Tried, cancellationToken);
                throw new StaffAccountException(wider.Message, "prisons");
            }

            var password = await accounts.AddAsync(name, NewUser.Roles, null, NewUser.Access, cancellationToken);
            NewPassword = (name.Trim(), password);
            Message = null;
            ModelState.Clear();
            NewUser = new NewUserForm();
        }
        catch (StaffAccountException error)
        {
            ModelState.AddModelError(error.Field switch { "roles" => "NewUser.Roles", "prisons" => "NewUser.Prisons", _ => "NewUser.UserName" }, error.Message);
        }

        await ListAsync(cancellationToken);
        return Page();
    }

    public async Task<IActionResult> OnPostResetPasswordAsync(string name, CancellationToken cancellationToken)
    {
        if (await BeyondOwnReachAsync(name, cancellationToken) is { } beyond)
        {
            await accounts.RefusedAsync(name, beyond.Tried, cancellationToken);
            Message = beyond.Message;
            await ListAsync(cancellationToken);
            return Page();
        }

        try
        {
            NewPassword = (name, await accounts.ResetPasswordAsync(name, cancellationToken: cancellationToken));
        }
        catch (StaffAccountException error)
        {
            Message = error.Message;
        }

        await ListAsync(cancellationToken);
        return Page();
    }

    public async Task<IActionResult> OnPostDisableAsync(string name, CancellationToken cancellationToken) =>
        await ChangeAsync(name, IsSelf(name) ? ("You cannot disable your own account: another admin must.", "disable their own account") : await BeyondOwnReachAsync(name, cancellationToken),
            () => accounts.DisableAsync(name, cancellationToken), $"Disabled {name}: they cannot sign in, and their open session ends within a minute.", cancellationToken);

    public async Task<IActionResult> OnPostEnableAsync(string name, CancellationToken cancellationToken) =>
        await ChangeAsync(name, await BeyondOwnReachAsync(name, cancellationToken), () => accounts.EnableAsync(name, cancellationToken), $"Enabled {name}.", cancellationToken);

    /// <summary>
    /// For someone who lost both their authenticator and their recovery codes: they enrol again at their next sign-in.
    /// Not for the admin themself: their own page asks for the password first, which a session left open cannot give.
    /// </summary>
    public async Task<IActionResult> OnPostResetTwoFactorAsync(string name, CancellationToken cancellationToken) =>
        await ChangeAsync(name, IsSelf(name.Trim()) ? ("Turn off your own two-factor sign-in on the Two-factor sign-in page (/two-factor), which asks for your password.", "reset their own two-factor sign-in from the users page") : await BeyondOwnReachAsync(name, cancellationToken),
            () => accounts.ResetTwoFactorAsync(name, ownAccount: false, cancellationToken),
            $"Reset the two-factor sign-in of {name}: it is off, their sessions ended, and they enrol again with a new key.", cancellationToken);

    public async Task<IActionResult> OnPostRolesAsync(string name, List<string> roles, CancellationToken cancellationToken) =>
        await ChangeAsync(name, IsSelf(name) && !roles.Contains(Roles.Admin) ? ("You cannot take the Admin role from yourself: another admin must.", "take the Admin role from their own account") : await BeyondOwnReachAsync(name, cancellationToken),
            () => accounts.SetRolesAsync(name, roles, cancellationToken), $"{name} now has the roles {string.Join(", ", roles)}.", cancellationToken);

    /// <summary>Gives the user exactly the checked prisons, or all of them; their sessions end, so the change holds at once.</summary>
    public async Task<IActionResult> OnPostPrisonsAsync(string name, bool allPrisons, List<string> prisons, CancellationToken cancellationToken)
    {
        // The boxes carry the codes as the prisons spell them, in order: what was checked is what the message says.
        var access = allPrisons ? PrisonAccess.All : PrisonAccess.Only(prisons);
        return await ChangeAsync(name, await BeyondOwnReachAsync(name, cancellationToken) ?? await WiderThanOwnAsync(access, cancellationToken),
            () => accounts.AssignPrisonsAsync(name, access, cancellationToken), $"{name} now works in {access}; their open sessions ended.", cancellationToken);
    }

    /// <summary>Why this admin may not give <paramref name="access"/>, and what the audit log says they tried; null when they may.</summary>
    private async Task<(string Message, string Tried)?> WiderThanOwnAsync(PrisonAccess access, CancellationToken cancellationToken) =>
        PrisonScope.Of(User).MayGive(access, await directory.AllAsync(cancellationToken))
            ? null
            : ("You can give only the prisons you work in yourself: an admin of all prisons gives the others.", $"give {access}, beyond the prisons they work in");

    /// <summary>
    /// Why this admin may not act on <paramref name="name"/>, null when they may: an admin of some prisons manages only
    /// users who work within them, or resetting a headquarters admin's password (shown to them) would make them one.
    /// </summary>
    private async Task<(string Message, string Tried)?> BeyondOwnReachAsync(string name, CancellationToken cancellationToken) =>
        PrisonScope.Of(User).IsEverywhere
        || await accounts.FindAccountAsync(name, cancellationToken) is not { } account
        || PrisonScope.Of(User).MayGive(account.Prisons, await directory.AllAsync(cancellationToken))
            ? null
            : ("You can manage only users who work within your prisons: an admin of all prisons manages the others.", $"manage {name}, who works beyond the prisons they work in");

    private async Task ListAsync(CancellationToken cancellationToken)
    {
        Accounts = await accounts.ListAsync(cancellationToken);
        Prisons = [.. (await directory.WithinAsync(PrisonScope.Of(User), cancellationToken)).OrderBy(p => p.Code, StringComparer.Ordinal)];
    }

    /// <param name="refusal">What the admin is told, and what the audit log records they tried, when the change is refused outright.</param>
    private async Task<IActionResult> ChangeAsync(string name, (string Message, string Tried)? refusal, Func<Task> change, string done, CancellationToken cancellationToken)
    {
        if (refusal is { } refused)
        {
            await accounts.RefusedAsync(name, refused.Tried, cancellationToken);
            Message = refused.Message;
            return RedirectToPage();
        }

        try
        {
            await change();
            Message = done;
        }
        catch (StaffAccountException error)
        {
            Message = $"Nothing was changed: {error.Message}";
        }

        return RedirectToPage();
    }

    private bool IsSelf(string name) => string.Equals(User.Identity?.Name, name, StringComparison.OrdinalIgnoreCase);
}
