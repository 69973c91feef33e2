using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Prison.Db;
using Prison.Db.Identity;
using Prison.Domain;
using Prison.Web.Forms;
using Prison.Web.SignIn;
using Prison.Web.Pages.Shared;

namespace Prison.Web.Pages.Admin.Users;

/// <summary>
/// The admin's users page: every user they manage (an admin of some prisons: those within them, no operator), with roles, prisons, lockout, disabled flag and two-factor sign-in; add one,
/// disable or enable, reset a password or a two-factor sign-in, change roles or prisons. A generated password is shown
/// on the answer to the post that made it, once, and kept nowhere. <see cref="StaffAccounts"/> checks what this admin
/// may do (an admin of some prisons manages only users within them) and audits each change and each refusal; the page
/// offers only the prisons the admin reaches, and "All prisons" only to an admin of all.
/// </summary>
public sealed class IndexModel(StaffAccounts accounts, PrisonDirectory directory) : PageModel
{
    public IReadOnlyList<StaffAccount> Accounts { get; private set; } = [];

    /// <summary>The prisons this admin may give: those they reach.</summary>
    public IReadOnlyList<PrisonFacility> Prisons { get; private set; } = [];

    public bool MayGiveAllPrisons => PrisonScope.Of(User).IsEverywhere;

    /// <summary>Whether to offer the resets of <paramref name="account"/>'s password and second factor: an admin's are headquarters'.</summary>
    public bool MayResetCredentialsOf(StaffAccount account) => PrisonScope.Of(User).ActorReach.MayResetCredentialsOf(account.Roles);

    /// <summary>The user being added: bound, and checked, by the add's post alone.</summary>
    public NewUserForm NewUser { get; private set; } = new();

    /// <summary>Set only on the answer to an add or a reset.</summary>
    public (string Name, string Password)? NewPassword { get; private set; }

    [TempData]
    public string? Message { get; set; }

    /// <summary>Why the change to a user, posted just before, was refused: shown by the list the post went back to.</summary>
    [TempData]
    public string? Refused { get; set; }

    public Task OnGetAsync(CancellationToken cancellationToken)
    {
        if (Refused is { } refused)
        {
            ModelState.AddModelError(string.Empty, refused);
        }

        return ListAsync(cancellationToken);
    }

    public async Task<IActionResult> OnPostAddAsync([Bind(Prefix = nameof(NewUser))] NewUserForm newUser, CancellationToken cancellationToken)
    {
        NewUser = newUser;
        if (ModelState.IsValid)
        {
            try
            {
                var name = NewUser.UserName!.Trim();
                var password = await accounts.AddAsync(name, NewUser.Roles, null, NewUser.Access, cancellationToken: cancellationToken);
                NewPassword = (name, password);
                Message = null;
                ModelState.Clear();
                NewUser = new NewUserForm();
            }
            catch (ChangeRefusedException refused)
            {
                ModelState.AddRefusal(refused, NewUserForm.Fields);
            }
        }

        await ListAsync(cancellationToken);
        return Page();
    }

    public async Task<IActionResult> OnPostResetPasswordAsync(string name, CancellationToken cancellationToken)
    {
        try
        {
            NewPassword = (name.Trim(), await accounts.ResetPasswordAsync(name, cancellationToken: cancellationToken));
        }
        catch (ChangeRefusedException refused)
        {
            ModelState.AddRefusal(refused);
            Response.StatusCode = refused.Forbidden ? StatusCodes.Status403Forbidden : StatusCodes.Status200OK;
        }

        await ListAsync(cancellationToken);
        return Page();
    }

    public Task<IActionResult> OnPostDisableAsync(string name, CancellationToken cancellationToken) =>
        ChangeAsync(() => accounts.DisableAsync(name, cancellationToken), cancellationToken, $"Disabled {name}: they cannot sign in, and their open session ends within a minute.");

    public Task<IActionResult> OnPostEnableAsync(string name, CancellationToken cancellationToken) =>
        ChangeAsync(() => accounts.EnableAsync(name, cancellationToken), cancellationToken, $"Enabled {name}.");

    /// <summary>For someone who lost both their authenticator and their recovery codes: they enrol again at their next sign-in.</summary>
    public Task<IActionResult> OnPostResetTwoFactorAsync(string name, CancellationToken cancellationToken) =>
        ChangeAsync(() => accounts.ResetTwoFactorAsync(name, ownAccount: false, cancellationToken), cancellationToken,
            $"Reset the two-factor sign-in of {name}: it is off, their sessions ended, and they enrol again with a new key.");

    public Task<IActionResult> OnPostRolesAsync(string name, List<string> roles, CancellationToken cancellationToken) =>
        ChangeAsync(() => accounts.SetRolesAsync(name, roles, cancellationToken), cancellationToken, $"{name} now has the roles {string.Join(", ", roles)}.");

    /// <summary>Gives the user exactly the checked prisons, or all of them; their sessions end, so the change holds at once.</summary>
    public Task<IActionResult> OnPostPrisonsAsync(string name, bool allPrisons, List<string> prisons, CancellationToken cancellationToken)
    {
        // The boxes carry the codes as the prisons spell them, in order: what was checked is what the message says.
        var access = allPrisons ? PrisonAccess.All : PrisonAccess.Only(prisons);
        return ChangeAsync(() => accounts.AssignPrisonsAsync(name, access, cancellationToken), cancellationToken, $"{name} now works in {access}; their open sessions ended.");
    }

    private async Task ListAsync(CancellationToken cancellationToken)
    {
        Accounts = await accounts.ListAsync(cancellationToken);
        Prisons = [.. (await directory.WithinAsync(PrisonScope.Of(User), cancellationToken)).OrderBy(p => p.Code, StringComparer.Ordinal)];
    }

    /// <summary>
    /// A change to one user, then back to the list, saying it was done or why it was refused; an act only headquarters
    /// may do is answered 403 with the list and why.
    /// </summary>
    private async Task<IActionResult> ChangeAsync(Func<Task> change, CancellationToken cancellationToken, string done)
    {
        try
        {
            await change();
            Message = done;
        }
        catch (ChangeRefusedException refused) when (refused.Forbidden)
        {
            ModelState.AddRefusal(refused);
            await ListAsync(cancellationToken);
            Response.StatusCode = StatusCodes.Status403Forbidden;
            return Page();
        }
        catch (ChangeRefusedException refused)
        {
            Refused = refused.Message;
        }

        return RedirectToPage();
    }
}
