using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Prison.Db.Identity;

namespace Prison.Web.Pages.Admin.Users;

/// <summary>
/// The admin's users page: every user with roles, lockout, disabled flag and two-factor sign-in; add one, disable or
/// enable, reset a password or a two-factor sign-in, change roles. A generated password is shown on the answer to the
/// post that made it, once, and kept nowhere. Each change is audited by <see cref="StaffAccounts"/>; an admin's
/// refused act on their own account is audited here.
/// </summary>
public sealed class IndexModel(StaffAccounts accounts) : PageModel
{
    public IReadOnlyList<StaffAccount> Accounts { get; private set; } = [];

    [BindProperty]
    public NewUserForm NewUser { get; set; } = new();

    /// <summary>Set only on the answer to an add or a reset.</summary>
    public (string Name, string Password)? NewPassword { get; private set; }

    [TempData]
    public string? Message { get; set; }

    public async Task OnGetAsync(CancellationToken cancellationToken) => Accounts = await accounts.ListAsync(cancellationToken);

    public async Task<IActionResult> OnPostAddAsync(CancellationToken cancellationToken)
    {
        try
        {
            var name = NewUser.UserName ?? string.Empty;
            var password = await accounts.AddAsync(name, NewUser.Roles, null, cancellationToken);
            NewPassword = (name.Trim(), password);
            Message = null;
            ModelState.Clear();
            NewUser = new NewUserForm();
        }
        catch (StaffAccountException error)
        {
            ModelState.AddModelError(error.Field == "roles" ? "NewUser.Roles" : "NewUser.UserName", error.Message);
        }

        Accounts = await accounts.ListAsync(cancellationToken);
        return Page();
    }

    public async Task<IActionResult> OnPostResetPasswordAsync(string name, CancellationToken cancellationToken)
    {
        try
        {
            NewPassword = (name, await accounts.ResetPasswordAsync(name, cancellationToken: cancellationToken));
        }
        catch (StaffAccountException error)
        {
            Message = error.Message;
        }

        Accounts = await accounts.ListAsync(cancellationToken);
        return Page();
    }

    public Task<IActionResult> OnPostDisableAsync(string name, CancellationToken cancellationToken) =>
        ChangeAsync(name, IsSelf(name) ? ("You cannot disable your own account: another admin must.", "disable their own account") : null,
            () => accounts.DisableAsync(name, cancellationToken), $"Disabled {name}: they cannot sign in, and their open session ends within a minute.", cancellationToken);

    public Task<IActionResult> OnPostEnableAsync(string name, CancellationToken cancellationToken) =>
        ChangeAsync(name, null, () => accounts.EnableAsync(name, cancellationToken), $"Enabled {name}.", cancellationToken);

    /// <summary>For someone who lost both their authenticator and their recovery codes: they enrol again at their next sign-in.</summary>
    public Task<IActionResult> OnPostResetTwoFactorAsync(string name, CancellationToken cancellationToken) =>
        ChangeAsync(name, null, () => accounts.ResetTwoFactorAsync(name, ownAccount: IsSelf(name), cancellationToken),
            $"Reset the two-factor sign-in of {name}: it is off, their sessions ended, and they enrol again with a new key.", cancellationToken);

    public Task<IActionResult> OnPostRolesAsync(string name, List<string> roles, CancellationToken cancellationToken) =>
        ChangeAsync(name, IsSelf(name) && !roles.Contains(Roles.Admin) ? ("You cannot take the Admin role from yourself: another admin must.", "take the Admin role from their own account") : null,
            () => accounts.SetRolesAsync(name, roles, cancellationToken), $"{name} now has the roles {string.Join(", ", roles)}.", cancellationToken);

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
