using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Prison.Db.Identity;

namespace Prison.Web.Pages.Admin.Users;

/// <summary>
/// The admin's users page: every user with roles, lockout and disabled flag; add one, disable or enable, reset a
/// password, change roles. A generated password is shown on the answer to the post that made it, once, and kept nowhere.
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
        ChangeAsync(name, IsSelf(name) ? "You cannot disable your own account: another admin must." : null,
            () => accounts.DisableAsync(name, cancellationToken), $"Disabled {name}: they cannot sign in, and their open session ends within a minute.");

    public Task<IActionResult> OnPostEnableAsync(string name, CancellationToken cancellationToken) =>
        ChangeAsync(name, null, () => accounts.EnableAsync(name, cancellationToken), $"Enabled {name}.");

    public Task<IActionResult> OnPostRolesAsync(string name, List<string> roles, CancellationToken cancellationToken) =>
        ChangeAsync(name, IsSelf(name) && !roles.Contains(Roles.Admin) ? "You cannot take the Admin role from yourself: another admin must." : null,
            () => accounts.SetRolesAsync(name, roles, cancellationToken), $"{name} now has the roles {string.Join(", ", roles)}.");

    private async Task<IActionResult> ChangeAsync(string name, string? refusal, Func<Task> change, string done)
    {
        if (refusal is not null)
        {
            Message = refusal;
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
